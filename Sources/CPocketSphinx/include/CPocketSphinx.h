// The part of PocketSphinx 0.8+5prealpha (Debian's libpocketsphinx3, libsphinxbase3) that the
// forced word aligner (CensorPlanning/Alignment) calls: the decoder, its dictionary (looked up, and
// words added with a guessed pronunciation), its finite-state grammars and the log switch, with
// the declarations of <pocketsphinx.h> and <sphinxbase/*.h>.
//
// The libraries are not linked: `censor_pocketsphinx_load` opens them (dlopen) the first time an
// aligner is made, and the functions below call through the pointers it found. Linked, they and
// what they need (LAPACK, BLAS, the Fortran runtime) were loaded by every run, aligning or not:
// about 3.5 MB of resident memory and their relocations at every start. The types are opaque,
// only pointers to them pass through, but for the leading fields of the grammar, as far as the
// start and final states the aligner sets (the library allocates it; the fields after these are
// its own).
#ifndef CENSOR_POCKETSPHINX_H
#define CENSOR_POCKETSPHINX_H

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

/// The library's functions, found by `censor_pocketsphinx_load`.
struct censor_pocketsphinx_functions {
    void (*err_set_logfp)(FILE *stream);
    cmd_ln_t *(*cmd_ln_parse_r)(cmd_ln_t *inout_cmdln, arg_t const *defn, int argc, char **argv, int strict);
    int (*cmd_ln_free_r)(cmd_ln_t *cmdln);
    fsg_model_t *(*fsg_model_init)(char const *name, logmath_t *lmath, float lw, int n_state);
    int (*fsg_model_free)(fsg_model_t *fsg);
    int (*fsg_model_word_add)(fsg_model_t *fsg, char const *word);
    void (*fsg_model_trans_add)(fsg_model_t *fsg, int from, int to, int logp, int wid);
    int (*fsg_model_null_trans_add)(fsg_model_t *fsg, int from, int to, int logp);
    glist_t (*fsg_model_null_trans_closure)(fsg_model_t *fsg, glist_t nulls);
    void (*glist_free)(glist_t g);
    arg_t const *(*ps_args)(void);
    ps_decoder_t *(*ps_init)(cmd_ln_t *config);
    int (*ps_free)(ps_decoder_t *ps);
    logmath_t *(*ps_get_logmath)(ps_decoder_t *ps);
    char *(*ps_lookup_word)(ps_decoder_t *ps, const char *word);
    int (*ps_add_word)(ps_decoder_t *ps, char const *word, char const *phones, int update);
    int (*ps_set_fsg)(ps_decoder_t *ps, const char *name, fsg_model_t *fsg);
    int (*ps_set_search)(ps_decoder_t *ps, const char *name);
    int (*ps_unset_search)(ps_decoder_t *ps, const char *name);
    int (*ps_start_utt)(ps_decoder_t *ps);
    int (*ps_process_raw)(ps_decoder_t *ps, short const *data, size_t n_samples, int no_search, int full_utt);
    int (*ps_end_utt)(ps_decoder_t *ps);
    ps_seg_t *(*ps_seg_iter)(ps_decoder_t *ps);
    ps_seg_t *(*ps_seg_next)(ps_seg_t *seg);
    char const *(*ps_seg_word)(ps_seg_t *seg);
    void (*ps_seg_frames)(ps_seg_t *seg, int *out_sf, int *out_ef);
};

/// The functions, once `censor_pocketsphinx_load` has returned 1.
extern struct censor_pocketsphinx_functions censor_pocketsphinx;

/// Opens libpocketsphinx.so.3 (and through it libsphinxbase.so.3) and finds its functions, once
/// per process, from any thread: 1 when they are there, else 0 (the libraries are not installed,
/// or a function is missing from them).
int censor_pocketsphinx_load(void);

/// The name of the library `censor_pocketsphinx_load` opens.
extern const char *const censor_pocketsphinx_library;

// The functions by their own names; call them only after `censor_pocketsphinx_load` returned 1.
static inline void err_set_logfp(FILE *stream) { censor_pocketsphinx.err_set_logfp(stream); }
static inline cmd_ln_t *cmd_ln_parse_r(cmd_ln_t *inout_cmdln, arg_t const *defn, int argc, char **argv, int strict) { return censor_pocketsphinx.cmd_ln_parse_r(inout_cmdln, defn, argc, argv, strict); }
static inline int cmd_ln_free_r(cmd_ln_t *cmdln) { return censor_pocketsphinx.cmd_ln_free_r(cmdln); }
static inline fsg_model_t *fsg_model_init(char const *name, logmath_t *lmath, float lw, int n_state) { return censor_pocketsphinx.fsg_model_init(name, lmath, lw, n_state); }
static inline int fsg_model_free(fsg_model_t *fsg) { return censor_pocketsphinx.fsg_model_free(fsg); }
static inline int fsg_model_word_add(fsg_model_t *fsg, char const *word) { return censor_pocketsphinx.fsg_model_word_add(fsg, word); }
static inline void fsg_model_trans_add(fsg_model_t *fsg, int from, int to, int logp, int wid) { censor_pocketsphinx.fsg_model_trans_add(fsg, from, to, logp, wid); }
static inline int fsg_model_null_trans_add(fsg_model_t *fsg, int from, int to, int logp) { return censor_pocketsphinx.fsg_model_null_trans_add(fsg, from, to, logp); }
static inline glist_t fsg_model_null_trans_closure(fsg_model_t *fsg, glist_t nulls) { return censor_pocketsphinx.fsg_model_null_trans_closure(fsg, nulls); }
static inline void glist_free(glist_t g) { censor_pocketsphinx.glist_free(g); }
static inline arg_t const *ps_args(void) { return censor_pocketsphinx.ps_args(); }
static inline ps_decoder_t *ps_init(cmd_ln_t *config) { return censor_pocketsphinx.ps_init(config); }
static inline int ps_free(ps_decoder_t *ps) { return censor_pocketsphinx.ps_free(ps); }
static inline logmath_t *ps_get_logmath(ps_decoder_t *ps) { return censor_pocketsphinx.ps_get_logmath(ps); }
static inline char *ps_lookup_word(ps_decoder_t *ps, const char *word) { return censor_pocketsphinx.ps_lookup_word(ps, word); }
static inline int ps_add_word(ps_decoder_t *ps, char const *word, char const *phones, int update) { return censor_pocketsphinx.ps_add_word(ps, word, phones, update); }
static inline int ps_set_fsg(ps_decoder_t *ps, const char *name, fsg_model_t *fsg) { return censor_pocketsphinx.ps_set_fsg(ps, name, fsg); }
static inline int ps_set_search(ps_decoder_t *ps, const char *name) { return censor_pocketsphinx.ps_set_search(ps, name); }
static inline int ps_unset_search(ps_decoder_t *ps, const char *name) { return censor_pocketsphinx.ps_unset_search(ps, name); }
static inline int ps_start_utt(ps_decoder_t *ps) { return censor_pocketsphinx.ps_start_utt(ps); }
static inline int ps_process_raw(ps_decoder_t *ps, short const *data, size_t n_samples, int no_search, int full_utt) { return censor_pocketsphinx.ps_process_raw(ps, data, n_samples, no_search, full_utt); }
static inline int ps_end_utt(ps_decoder_t *ps) { return censor_pocketsphinx.ps_end_utt(ps); }
static inline ps_seg_t *ps_seg_iter(ps_decoder_t *ps) { return censor_pocketsphinx.ps_seg_iter(ps); }
static inline ps_seg_t *ps_seg_next(ps_seg_t *seg) { return censor_pocketsphinx.ps_seg_next(seg); }
static inline char const *ps_seg_word(ps_seg_t *seg) { return censor_pocketsphinx.ps_seg_word(seg); }
static inline void ps_seg_frames(ps_seg_t *seg, int *out_sf, int *out_ef) { censor_pocketsphinx.ps_seg_frames(seg, out_sf, out_ef); }

#endif
