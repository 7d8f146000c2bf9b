/* STUB: replaced by the view module. */
#include "gin/view.h"
void gin_view_init(gin_view *v, const gin_rules *r, int s) { (void)v; (void)r; (void)s; }
void gin_view_apply(gin_view *v, const gin_event *e) { (void)v; (void)e; }
