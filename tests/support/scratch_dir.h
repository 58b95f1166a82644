#pragma once

// A temporary directory for tests that run without Qt (the CLI's), removed
// with everything in it; files in it are written and read whole.

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace dt::test {

class ScratchDir {
public:
    explicit ScratchDir(const std::string &prefix)
    {
        std::string pattern = "/tmp/" + prefix + "-XXXXXX";
        if (mkdtemp(pattern.data()))
            m_path = pattern;
    }
    ~ScratchDir()
    {
        if (!m_path.empty())
            std::system(("rm -rf '" + m_path + "'").c_str());
    }
    ScratchDir(const ScratchDir &) = delete;
    ScratchDir &operator=(const ScratchDir &) = delete;

    bool valid() const { return !m_path.empty(); }
    const std::string &path() const { return m_path; }
    std::string file(const std::string &name) const { return m_path + "/" + name; }
    void write(const std::string &name, const std::string &text) const
    {
        std::ofstream out(file(name));
        out << text;
    }
    std::string read(const std::string &name) const
    {
        std::ifstream in(file(name));
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    }

private:
    std::string m_path;
};

} // namespace dt::test
