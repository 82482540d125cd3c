#ifndef REMINDERSD_CLIBDBUS_SHIM_H
#define REMINDERSD_CLIBDBUS_SHIM_H
// libdbus-1 (Debian: libdbus-1-3), loaded with dlopen when the alarm agent first talks to the
// session bus, not linked: linking it brings libsystemd, libgcrypt and four compression libraries
// into every `remindersd call`, half a millisecond of each start for something only the agent
// uses. Without the library installed the agent says so and the other alarm channels go on.
//
// libdbus's headers live under /usr/include/dbus-1.0 and an architecture's folder, which a
// system-library target cannot add to the search path without pkg-config (and pkg-config would
// link it). So the few declarations used are spelled here, as libdbus's ABI has kept them since
// 1.0 (dbus-message.h, dbus-errors.h, dbus-protocol.h, dbus-shared.h).
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

typedef uint32_t cdbus_bool;
typedef struct DBusConnection DBusConnection;
typedef struct DBusMessage DBusMessage;

// Stack-allocated in libdbus's API: the same size and alignment as its DBusMessageIter.
typedef struct {
    void *dummy1;
    void *dummy2;
    uint32_t dummy3;
    int dummy4, dummy5, dummy6, dummy7, dummy8, dummy9, dummy10, dummy11;
    int pad1;
    void *pad2;
    void *pad3;
} CDBusMessageIter;

// As libdbus's DBusError: two public fields, then five one-bit flags and a pointer.
typedef struct {
    const char *name;
    const char *message;
    unsigned int dummy1 : 1;
    unsigned int dummy2 : 1;
    unsigned int dummy3 : 1;
    unsigned int dummy4 : 1;
    unsigned int dummy5 : 1;
    void *padding1;
} CDBusError;

enum {
    CDBUS_BUS_SESSION = 0,
    CDBUS_MESSAGE_TYPE_METHOD_RETURN = 2,
    CDBUS_MESSAGE_TYPE_ERROR = 3,
    CDBUS_MESSAGE_TYPE_SIGNAL = 4,
    CDBUS_TYPE_INVALID = 0,
    CDBUS_TYPE_BYTE = 'y',
    CDBUS_TYPE_INT32 = 'i',
    CDBUS_TYPE_UINT32 = 'u',
    CDBUS_TYPE_STRING = 's',
    CDBUS_TYPE_ARRAY = 'a',
    CDBUS_TYPE_VARIANT = 'v',
    CDBUS_TYPE_DICT_ENTRY = 'e',
};

// The functions used, as pointers filled by cdbus_load.
typedef struct {
    void (*error_init)(CDBusError *);
    void (*error_free)(CDBusError *);
    cdbus_bool (*error_is_set)(const CDBusError *);
    DBusConnection *(*bus_get_private)(int type, CDBusError *);
    void (*bus_add_match)(DBusConnection *, const char *rule, CDBusError *);
    const char *(*bus_get_unique_name)(DBusConnection *);
    void (*connection_set_exit_on_disconnect)(DBusConnection *, cdbus_bool);
    void (*connection_close)(DBusConnection *);
    void (*connection_unref)(DBusConnection *);
    cdbus_bool (*connection_get_is_connected)(DBusConnection *);
    cdbus_bool (*connection_get_unix_fd)(DBusConnection *, int *);
    cdbus_bool (*connection_read_write)(DBusConnection *, int timeout_milliseconds);
    DBusMessage *(*connection_pop_message)(DBusConnection *);
    cdbus_bool (*connection_send)(DBusConnection *, DBusMessage *, uint32_t *serial);
    void (*connection_flush)(DBusConnection *);
    DBusMessage *(*message_new_method_call)(const char *destination, const char *path, const char *interface, const char *method);
    void (*message_unref)(DBusMessage *);
    int (*message_get_type)(DBusMessage *);
    const char *(*message_get_interface)(DBusMessage *);
    const char *(*message_get_member)(DBusMessage *);
    const char *(*message_get_sender)(DBusMessage *);
    const char *(*message_get_error_name)(DBusMessage *);
    uint32_t (*message_get_reply_serial)(DBusMessage *);
    cdbus_bool (*message_iter_init)(DBusMessage *, CDBusMessageIter *);
    int (*message_iter_get_arg_type)(CDBusMessageIter *);
    void (*message_iter_get_basic)(CDBusMessageIter *, void *value);
    cdbus_bool (*message_iter_next)(CDBusMessageIter *);
    void (*message_iter_init_append)(DBusMessage *, CDBusMessageIter *);
    cdbus_bool (*message_iter_append_basic)(CDBusMessageIter *, int type, const void *value);
    cdbus_bool (*message_iter_open_container)(CDBusMessageIter *, int type, const char *contained_signature, CDBusMessageIter *sub);
    cdbus_bool (*message_iter_close_container)(CDBusMessageIter *, CDBusMessageIter *sub);
} CDBusAPI;

// Loads libdbus-1.so.3 into `api`: NULL when every function was found, else what went wrong.
static inline const char *cdbus_load(CDBusAPI *api) {
    void *library = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return dlerror();
#define CDBUS_SYMBOL(field, name) \
    if ((*(void **)&api->field = dlsym(library, name)) == NULL) return "libdbus-1.so.3 lacks " name;
    CDBUS_SYMBOL(error_init, "dbus_error_init")
    CDBUS_SYMBOL(error_free, "dbus_error_free")
    CDBUS_SYMBOL(error_is_set, "dbus_error_is_set")
    CDBUS_SYMBOL(bus_get_private, "dbus_bus_get_private")
    CDBUS_SYMBOL(bus_add_match, "dbus_bus_add_match")
    CDBUS_SYMBOL(bus_get_unique_name, "dbus_bus_get_unique_name")
    CDBUS_SYMBOL(connection_set_exit_on_disconnect, "dbus_connection_set_exit_on_disconnect")
    CDBUS_SYMBOL(connection_close, "dbus_connection_close")
    CDBUS_SYMBOL(connection_unref, "dbus_connection_unref")
    CDBUS_SYMBOL(connection_get_is_connected, "dbus_connection_get_is_connected")
    CDBUS_SYMBOL(connection_get_unix_fd, "dbus_connection_get_unix_fd")
    CDBUS_SYMBOL(connection_read_write, "dbus_connection_read_write")
    CDBUS_SYMBOL(connection_pop_message, "dbus_connection_pop_message")
    CDBUS_SYMBOL(connection_send, "dbus_connection_send")
    CDBUS_SYMBOL(connection_flush, "dbus_connection_flush")
    CDBUS_SYMBOL(message_new_method_call, "dbus_message_new_method_call")
    CDBUS_SYMBOL(message_unref, "dbus_message_unref")
    CDBUS_SYMBOL(message_get_type, "dbus_message_get_type")
    CDBUS_SYMBOL(message_get_interface, "dbus_message_get_interface")
    CDBUS_SYMBOL(message_get_member, "dbus_message_get_member")
    CDBUS_SYMBOL(message_get_sender, "dbus_message_get_sender")
    CDBUS_SYMBOL(message_get_error_name, "dbus_message_get_error_name")
    CDBUS_SYMBOL(message_get_reply_serial, "dbus_message_get_reply_serial")
    CDBUS_SYMBOL(message_iter_init, "dbus_message_iter_init")
    CDBUS_SYMBOL(message_iter_get_arg_type, "dbus_message_iter_get_arg_type")
    CDBUS_SYMBOL(message_iter_get_basic, "dbus_message_iter_get_basic")
    CDBUS_SYMBOL(message_iter_next, "dbus_message_iter_next")
    CDBUS_SYMBOL(message_iter_init_append, "dbus_message_iter_init_append")
    CDBUS_SYMBOL(message_iter_append_basic, "dbus_message_iter_append_basic")
    CDBUS_SYMBOL(message_iter_open_container, "dbus_message_iter_open_container")
    CDBUS_SYMBOL(message_iter_close_container, "dbus_message_iter_close_container")
#undef CDBUS_SYMBOL
    return NULL;
}

#endif
