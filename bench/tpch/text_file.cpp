#include "text_file.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace kiln::bench {

std::string readTextFile(const std::string& path) {
   std::ifstream in(path);
   if (!in) throw std::runtime_error("cannot read " + path);
   std::stringstream text;
   text << in.rdbuf();
   return text.str();
}

}  // namespace kiln::bench
