// The unsuffixed functions: off_t is 64-bit on the platforms censor builds for.
#define MPG123_NO_LARGENAME 1
#include <mpg123.h>
