#ifndef CSTDERRFILTER_H
#define CSTDERRFILTER_H

/// Points C's `stderr` at a line-buffered stream that drops every line starting with one of
/// `prefixes` (`count` of them, copied) and writes every other line to descriptor 2. Returns 0,
/// or -1 when the stream cannot be made (`stderr` is then unchanged).
int censor_filter_stderr(const char *const *prefixes, int count);

#endif
