// The system libcurl, for the live HTTP transport on Linux (CurlTransport). curl_easy_setopt and
// curl_easy_getinfo are variadic, which Swift cannot call: these wrappers give each use a type.
#include <curl/curl.h>

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
