#ifndef DAYBOOK_CEDITLINE_H
#define DAYBOOK_CEDITLINE_H
#include <stdio.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <histedit.h>

// libedit, loaded with dlopen when the interactive shell first needs it: a command run once
// from the command line, or a script, never pays for loading it and the libraries it pulls in
// (libtinfo, libbsd, libmd). Only the types and constants of <histedit.h> are used here; every
// libedit function is reached through the wrappers below, which are valid once
// daybook_editline_load() has returned 1.
//
// el_set, el_get and history() are C-variadic, which Swift cannot call: there is one typed
// wrapper per use.

typedef unsigned char (*daybook_el_func)(EditLine *, int);
typedef char *(*daybook_el_prompt)(EditLine *);

// Loads libedit (once; later calls return the first answer): 1 when it is there, else 0, with
// the reason in daybook_editline_error().
int daybook_editline_load(void);
const char *daybook_editline_error(void);

EditLine *daybook_el_init(const char *name, FILE *in, FILE *out, FILE *err);
void daybook_el_end(EditLine *el);
int daybook_el_source(EditLine *el, const char *file);
const char *daybook_el_gets(EditLine *el, int *count);
void daybook_el_resize(EditLine *el);
int daybook_el_cursor(EditLine *el, int count);
int daybook_el_insertstr(EditLine *el, const char *text);
void daybook_el_deletestr(EditLine *el, int count);
void daybook_el_push(EditLine *el, const char *text);
const LineInfoW *daybook_el_wline(EditLine *el);

int daybook_el_set_prompt(EditLine *el, daybook_el_prompt prompt);
int daybook_el_set_editor(EditLine *el, const char *mode);
// EL_SIGNAL, EL_PREP_TERM, EL_EDITMODE, EL_UNBUFFERED: the options that take one int.
int daybook_el_set_int(EditLine *el, int op, int value);
int daybook_el_set_history(EditLine *el, History *history_);
int daybook_el_addfn(EditLine *el, const char *name, const char *help, daybook_el_func fn);
int daybook_el_bind(EditLine *el, const char *key, const char *function);
// `setty -d -isig`: one tty mode change for the editing mode.
int daybook_el_setty(EditLine *el, const char *which, const char *mode);
int daybook_el_set_clientdata(EditLine *el, void *data);
void *daybook_el_get_clientdata(EditLine *el);
int daybook_el_refresh(EditLine *el);
// Keys are read through poll(2) on the terminal and on a wake pipe: daybook_el_wake(), safe in
// a signal handler, ends the line being read at any moment (el_gets returns NULL, count -1,
// errno EINTR). daybook_el_clear_wakes() drops wakes that came while no line was read.
// daybook_el_note_resize(), also for a signal handler, has the next interrupted wait tell
// libedit the terminal's new size. Returns 0, or -1 when the pipe cannot be made.
int daybook_el_read_keys_with_wakes(EditLine *el);
void daybook_el_wake(void);
void daybook_el_note_resize(void);
void daybook_el_clear_wakes(void);
// The columns a character takes on the terminal (wcwidth, in the current locale); -1 when it
// cannot be printed.
int daybook_wcwidth(int c);

History *daybook_history_init(void);
void daybook_history_end(History *h);
int daybook_history_setsize(History *h, int size);
int daybook_history_setunique(History *h, int unique);
int daybook_history_enter(History *h, const char *line);

// Swift 6 refuses the C stdio globals; hand them out from here.
static inline FILE *daybook_stdin(void) { return stdin; }
static inline FILE *daybook_stdout(void) { return stdout; }
static inline FILE *daybook_stderr(void) { return stderr; }

// The terminal's width in columns, or 0 when it cannot be known (ioctl is variadic too).
static inline int daybook_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0) return size.ws_col;
    return 0;
}

#endif
