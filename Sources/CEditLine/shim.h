#ifndef DAYBOOK_CEDITLINE_SHIM_H
#define DAYBOOK_CEDITLINE_SHIM_H
#include <stdio.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <histedit.h>

// el_set, el_get and history() are C-variadic, which Swift cannot call. These small
// non-variadic wrappers give Swift one typed entry point per use.

typedef unsigned char (*daybook_el_func)(EditLine *, int);
typedef char *(*daybook_el_prompt)(EditLine *);

// Swift 6 refuses the C stdio globals; hand them out from here.
static inline FILE *daybook_stdin(void) { return stdin; }
static inline FILE *daybook_stdout(void) { return stdout; }
static inline FILE *daybook_stderr(void) { return stderr; }

static inline int daybook_el_set_prompt(EditLine *el, daybook_el_prompt prompt) {
    return el_set(el, EL_PROMPT, prompt);
}

static inline int daybook_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

// EL_SIGNAL, EL_PREP_TERM, EL_EDITMODE, EL_UNBUFFERED: the options that take one int.
static inline int daybook_el_set_int(EditLine *el, int op, int value) {
    return el_set(el, op, value);
}

static inline int daybook_el_set_history(EditLine *el, History *history_) {
    return el_set(el, EL_HIST, history, history_);
}

static inline int daybook_el_addfn(EditLine *el, const char *name, const char *help, daybook_el_func fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}

static inline int daybook_el_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, (const char *)NULL);
}

// `setty -d -isig`: one tty mode change for the editing mode.
static inline int daybook_el_setty(EditLine *el, const char *which, const char *mode) {
    return el_set(el, EL_SETTY, which, mode, (const char *)NULL);
}

static inline int daybook_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *daybook_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

static inline int daybook_el_refresh(EditLine *el) {
    return el_set(el, EL_REFRESH);
}

static inline int daybook_history_setsize(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}

static inline int daybook_history_setunique(History *h, int unique) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, unique);
}

static inline int daybook_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

// The terminal's width in columns, or 0 when it cannot be known (ioctl is variadic too).
static inline int daybook_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0) return size.ws_col;
    return 0;
}

#endif
