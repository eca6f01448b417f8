#include "answer_file.h"

#include <fstream>
#include <stdexcept>

namespace kiln::tpch {

namespace {

std::vector<std::string> splitFields(const std::string& line) {
   std::vector<std::string> fields;
   size_t start = 0;
   for (size_t bar; (bar = line.find('|', start)) != std::string::npos; start = bar + 1) fields.push_back(line.substr(start, bar - start));
   fields.push_back(line.substr(start));
   return fields;
}

}  // namespace

Answer readAnswer(const std::string& path) {
   std::ifstream in(path);
   if (!in) throw std::runtime_error("cannot read " + path);
   Answer answer;
   std::string line;
   if (!std::getline(in, line)) throw std::runtime_error(path + " is empty");
   answer.columns = splitFields(line);
   while (std::getline(in, line)) answer.rows.push_back(splitFields(line));
   return answer;
}

}  // namespace kiln::tpch
