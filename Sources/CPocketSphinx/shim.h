// The part of PocketSphinx 0.8+5prealpha (Debian's libpocketsphinx3, libsphinxbase3) that the
// forced word aligner (CensorKit/Alignment) calls: the decoder, its finite-state grammars and
// the log switch. Declared here, as in <pocketsphinx.h> and <sphinxbase/*.h>, rather than
// through pkg-config: Debian's pocketsphinx.pc also links libsphinxad, the audio-device
// library, which nothing here calls and which loads PulseAudio, X11 and D-Bus into every run
// (about 3 MB of resident memory). The types are opaque, only pointers to them pass through,
// but for the leading fields of the grammar, as far as the start and final states the aligner
// sets (the library allocates it; the fields after these are its own).
#include <stddef.h>
#include <stdio.h>

typedef struct ps_decoder_s ps_decoder_t;
typedef struct ps_seg_s ps_seg_t;
typedef struct cmd_ln_s cmd_ln_t;
typedef struct arg_s arg_t;
typedef struct logmath_s logmath_t;
typedef struct fsg_model_s {
    int refcount;
    char *name;
    int n_word;
    int n_word_alloc;
    char **vocab;
    unsigned *silwords;
    unsigned *altwords;
    logmath_t *lmath;
    int n_state;
    int start_state;
    int final_state;
} fsg_model_t;
typedef struct gnode_s *glist_t;

// sphinxbase: err.h, cmd_ln.h, fsg_model.h, glist.h
void err_set_logfp(FILE *stream);
cmd_ln_t *cmd_ln_parse_r(cmd_ln_t *inout_cmdln, arg_t const *defn, int argc, char *argv[], int strict);
int cmd_ln_free_r(cmd_ln_t *cmdln);
fsg_model_t *fsg_model_init(char const *name, logmath_t *lmath, float lw, int n_state);
int fsg_model_free(fsg_model_t *fsg);
int fsg_model_word_add(fsg_model_t *fsg, char const *word);
void fsg_model_trans_add(fsg_model_t *fsg, int from, int to, int logp, int wid);
int fsg_model_null_trans_add(fsg_model_t *fsg, int from, int to, int logp);
glist_t fsg_model_null_trans_closure(fsg_model_t *fsg, glist_t nulls);
void glist_free(glist_t g);

// pocketsphinx: pocketsphinx.h, ps_search.h
arg_t const *ps_args(void);
ps_decoder_t *ps_init(cmd_ln_t *config);
int ps_free(ps_decoder_t *ps);
logmath_t *ps_get_logmath(ps_decoder_t *ps);
char *ps_lookup_word(ps_decoder_t *ps, const char *word);
int ps_set_fsg(ps_decoder_t *ps, const char *name, fsg_model_t *fsg);
int ps_set_search(ps_decoder_t *ps, const char *name);
int ps_start_utt(ps_decoder_t *ps);
int ps_process_raw(ps_decoder_t *ps, short const *data, size_t n_samples, int no_search, int full_utt);
int ps_end_utt(ps_decoder_t *ps);
ps_seg_t *ps_seg_iter(ps_decoder_t *ps);
ps_seg_t *ps_seg_next(ps_seg_t *seg);
char const *ps_seg_word(ps_seg_t *seg);
void ps_seg_frames(ps_seg_t *seg, int *out_sf, int *out_ef);
