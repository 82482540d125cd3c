#ifndef REMINDERSD_CCRYPT_SHIM_H
#define REMINDERSD_CCRYPT_SHIM_H
#include <crypt.h>
#endif
