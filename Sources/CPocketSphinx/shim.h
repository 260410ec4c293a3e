// PocketSphinx 0.8+5prealpha (Debian's libpocketsphinx-dev, libsphinxbase-dev): the decoder, its
// finite-state grammars and its log switch, for the forced word aligner (CensorKit/Alignment).
#include <pocketsphinx.h>
#include <sphinxbase/cmd_ln.h>
#include <sphinxbase/err.h>
#include <sphinxbase/fsg_model.h>
#include <sphinxbase/glist.h>
