#ifndef DAYBOOK_CEDITLINE_SHIM_H
#define DAYBOOK_CEDITLINE_SHIM_H
#include <stdio.h>
#include <histedit.h>
#endif
