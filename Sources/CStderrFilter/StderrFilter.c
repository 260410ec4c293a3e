// fopencookie is a GNU extension, which Swift's Glibc module does not declare.
#define _GNU_SOURCE
#include "CStderrFilter.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char **dropped;
static int droppedCount;

static ssize_t filtered_write(void *cookie, const char *buffer, size_t size) {
    (void)cookie;
    for (int index = 0; index < droppedCount; index++) {
        size_t length = strlen(dropped[index]);
        if (size >= length && memcmp(buffer, dropped[index], length) == 0) return (ssize_t)size;
    }
    size_t sent = 0;
    while (sent < size) {
        ssize_t count = write(STDERR_FILENO, buffer + sent, size - sent);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        sent += (size_t)count;
    }
    return (ssize_t)size;
}

int censor_filter_stderr(const char *const *prefixes, int count) {
    dropped = calloc((size_t)count, sizeof(char *));
    if (dropped == NULL) return -1;
    for (int index = 0; index < count; index++) dropped[index] = strdup(prefixes[index]);
    droppedCount = count;
    cookie_io_functions_t functions = {.read = NULL, .write = filtered_write, .seek = NULL, .close = NULL};
    FILE *stream = fopencookie(NULL, "w", functions);
    if (stream == NULL) return -1;
    // A line at a time, so that each write is one whole line to judge.
    setvbuf(stream, NULL, _IOLBF, BUFSIZ);
    stderr = stream;
    return 0;
}
