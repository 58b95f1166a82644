// The send-input audit log on disk: append a SHA-256-chained JSON line under a file lock, and walk the
// chain to find an edited, removed or reordered line. libcrypto is dlopened only when first needed.

#include "app/audit/audit_log.h"

#include "base/xdg_paths.h"

#include <nlohmann/json.hpp>
#include <openssl/evp.h>

#include <cerrno>
#include <dlfcn.h>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace dt::audit {

using Json = nlohmann::json;

namespace {

// The digest that the line's "hash" must equal: over the line without it
// (keys sorted, so the text is canonical), which includes the previous hash.
std::string digestOf(Json line)
{
    line.erase("hash");
    return sha256Hex(line.dump());
}

// Takes `operation` (LOCK_EX, LOCK_SH) on `fd`, waiting at most ~250 ms: the
// GUI appends on its event loop, and a process holding the lock must not
// freeze it.
bool lockWithin(int fd, int operation)
{
    for (int attempt = 0; attempt < 50; ++attempt) {
        if (::flock(fd, operation | LOCK_NB) == 0)
            return true;
        if (errno != EWOULDBLOCK && errno != EINTR)
            return false;
        ::usleep(5000);
    }
    errno = EWOULDBLOCK;
    return false;
}

// The hash on the last line of the open file, the genesis value for an
// empty file, or "" when the last line is not a whole entry.
std::string lastHash(int fd)
{
    const off_t size = ::lseek(fd, 0, SEEK_END);
    if (size <= 0)
        return std::string(kGenesis);
    // Lines are a few hundred bytes; the tail holds the last one whole.
    const off_t start = size > 8192 ? size - 8192 : 0;
    std::string tail(static_cast<size_t>(size - start), '\0');
    if (::pread(fd, tail.data(), tail.size(), start) != static_cast<ssize_t>(tail.size()))
        return {};
    // Every entry ends in one newline; anything else (a cut-off write, a
    // blank line) is damage, judged the same way as verify() does.
    if (tail.empty() || tail.back() != '\n')
        return {};
    tail.pop_back();
    const size_t from = tail.rfind('\n');
    const Json last = Json::parse(tail.substr(from == std::string::npos ? 0 : from + 1), nullptr, false);
    if (!last.is_object() || !last.contains("hash") || !last["hash"].is_string())
        return {};
    return last["hash"].get<std::string>();
}

} // namespace

std::string defaultPath()
{
    return dt::base::xdgDirectory("XDG_STATE_HOME", ".local/state") + "/deviceterm/audit.log";
}

namespace {
// libcrypto is opened on first use rather than linked: linking it costs
// every CLI start almost a millisecond of relocations, for the one verb
// (doctor) that hashes. The signatures come from OpenSSL's own header.
struct Crypto {
    decltype(&EVP_Digest) digest = nullptr;
    decltype(&EVP_sha256) sha256 = nullptr;
};

const Crypto &crypto()
{
    static const Crypto loaded = [] {
        Crypto c;
        void *library = ::dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
        if (!library)
            library = ::dlopen("libcrypto.so", RTLD_NOW | RTLD_LOCAL);
        if (library) {
            c.digest = reinterpret_cast<decltype(&EVP_Digest)>(::dlsym(library, "EVP_Digest"));
            c.sha256 = reinterpret_cast<decltype(&EVP_sha256)>(::dlsym(library, "EVP_sha256"));
        }
        return c;
    }();
    return loaded;
}
} // namespace

std::string sha256Hex(std::string_view data)
{
    const Crypto &c = crypto();
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (!c.digest || !c.sha256 || c.digest(data.data(), data.size(), digest, &length, c.sha256(), nullptr) != 1)
        return {}; // callers treat an empty digest as a failure
    static_assert(EVP_MAX_MD_SIZE >= 32);
    static const char hex[] = "0123456789abcdef";
    std::string out;
    for (unsigned int i = 0; i < length; ++i) {
        out += hex[digest[i] >> 4];
        out += hex[digest[i] & 15];
    }
    return out;
}

bool append(const std::string &path, const Record &record, std::string *why)
{
    auto fail = [&](const std::string &what) {
        if (why)
            *why = what + ": " + path + ": " + std::strerror(errno);
        return false;
    };
    const size_t slash = path.rfind('/');
    if (slash != std::string::npos && !dt::base::makePrivateDirectories(path.substr(0, slash)))
        return fail("cannot create the audit log's directory");
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0)
        return fail("cannot open the audit log");
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); } // also drops the lock
    } closer{fd};
    if (!lockWithin(fd, LOCK_EX))
        return fail("cannot lock the audit log (another process holds it)");
    if (sha256Hex("").empty()) {
        errno = ENOSYS;
        return fail("cannot compute SHA-256 (libcrypto.so.3 is missing)");
    }
    const std::string previous = lastHash(fd);
    if (previous.empty()) {
        errno = EINVAL;
        return fail("the audit log's last line is damaged, so nothing can be chained to it; move the log aside "
                    "(deviceterm doctor says where it breaks) and a new chain starts");
    }
    Json line{{"time", record.time},
              {"sourceSession", record.sourceSession},
              {"targetSession", record.targetSession},
              {"bytes", record.bytes.size()},
              {"newline", record.bytes.find('\n') != std::string::npos},
              {"sha256", sha256Hex(record.bytes)},
              {"prev", previous}};
    if (record.typeDelayMillis > 0)
        line["typeDelayMillis"] = record.typeDelayMillis;
    line["hash"] = digestOf(line);
    const std::string text = line.dump() + "\n";
    const ssize_t written = ::write(fd, text.data(), text.size());
    if (written != static_cast<ssize_t>(text.size())) {
        if (written >= 0)
            errno = EIO; // short write: errno says nothing
        return fail("cannot write the audit log");
    }
    return true;
}

Verification verify(const std::string &path)
{
    Verification v;
    // Read under a shared lock, so a line being written is not taken for damage.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return v; // no log yet
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    lockWithin(fd, LOCK_SH);
    if (sha256Hex("").empty()) {
        v.ok = false;
        v.why = "cannot compute SHA-256 (libcrypto.so.3 is missing)";
        return v;
    }
    std::string content;
    char buffer[65536];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;)
        content.append(buffer, static_cast<size_t>(n));

    std::string expected(kGenesis);
    size_t number = 0;
    auto broken = [&](const std::string &why) {
        v.ok = false;
        v.badLine = number;
        v.why = "line " + std::to_string(number) + ": " + why;
        return v;
    };
    for (size_t start = 0; start < content.size();) {
        ++number;
        const size_t end = content.find('\n', start);
        if (end == std::string::npos)
            return broken("cut off (no newline at its end)");
        const Json line = Json::parse(content.substr(start, end - start), nullptr, false);
        start = end + 1;
        if (!line.is_object() || !line.contains("hash") || !line["hash"].is_string() || !line.contains("prev"))
            return broken("not an audit entry");
        if (line["prev"] != expected)
            return broken("does not follow the line before it (a line was removed, added or reordered)");
        if (line["hash"].get<std::string>() != digestOf(line))
            return broken("its contents were changed after it was written");
        expected = line["hash"].get<std::string>();
        ++v.entries;
    }
    return v;
}

} // namespace dt::audit
