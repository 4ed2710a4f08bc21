#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

/*
 * Make the X/Open wide-character curses API visible (cchar_t, add_wch, get_wch, setcchar).
 * SwiftPM drops the -D flags pkg-config would give, so the defines live here.
 */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* Accessors for C globals: Swift 6 rejects direct references to mutable globals. */
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
/* curscr: the physical-screen image; clearok(curscr) forces a full repaint (Ctrl-L, resume, resize). */
static inline WINDOW *cnc_curscr(void) { return curscr; }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_cols(void) { return COLS; }
static inline int cnc_colors(void) { return COLORS; }
static inline int cnc_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *cnc_stdin(void) { return stdin; }
static inline FILE *cnc_stdout(void) { return stdout; }
static inline FILE *cnc_stderr(void) { return stderr; }

/* Attribute macros are built with NCURSES_BITS(): not importable by Swift. */
static inline attr_t cnc_a_normal(void) { return A_NORMAL; }
static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_dim(void) { return A_DIM; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }
static inline attr_t cnc_a_underline(void) { return A_UNDERLINE; }

/* Mouse masks use NCURSES_MOUSE_MASK(): not importable. */
static inline mmask_t cnc_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t cnc_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cnc_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cnc_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cnc_button4_pressed(void) { return BUTTON4_PRESSED; } /* wheel up */
static inline mmask_t cnc_button5_pressed(void) { return BUTTON5_PRESSED; } /* wheel down */

#endif
