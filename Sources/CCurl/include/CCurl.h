// The system libcurl, for the live HTTP transport on Linux (CurlTransport). curl_easy_setopt and
// curl_easy_getinfo are variadic, which Swift cannot call: these wrappers give each use a type.
#include <curl/curl.h>
#include <sys/socket.h>

typedef size_t (*ccurl_data_callback)(char *buffer, size_t size, size_t count, void *context);
typedef int (*ccurl_progress_callback)(void *context, curl_off_t downloadTotal, curl_off_t downloaded, curl_off_t uploadTotal,
                                       curl_off_t uploaded);

static inline CURLcode ccurl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_set_size(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_set_data_callback(CURL *handle, CURLoption option, ccurl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode ccurl_set_progress_callback(CURL *handle, ccurl_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode ccurl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

// libcurl before 8.11 opens its sockets without close-on-exec, so a process started by another
// thread while a transfer was in flight kept the connection open after the transfer ended (the
// service went on sending to it). Foundation's Process closes what it finds open before it starts
// the child, which a socket opened meanwhile escapes. SOCK_CLOEXEC sets the flag as the socket is made.
static curl_socket_t ccurl_open_socket_closing_on_exec(void *context, curlsocktype purpose, struct curl_sockaddr *address) {
    (void)context;
    (void)purpose;
#ifdef SOCK_CLOEXEC
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
#else
    return socket(address->family, address->socktype, address->protocol);
#endif
}

static inline CURLcode ccurl_open_sockets_closing_on_exec(CURL *handle) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, ccurl_open_socket_closing_on_exec);
}
