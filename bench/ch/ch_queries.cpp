#include "ch_queries.h"

#include "text_file.h"

#include <cctype>
#include <cstdio>

namespace kiln::bench {

namespace {

bool isIdentifierCharacter(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string lowerCase(std::string text) {
   for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
   return text;
}

}  // namespace

std::string mapChTableNames(const std::string& sql) {
   std::string out;
   for (size_t i = 0; i < sql.size();) {
      if (sql[i] == '\'') {  // a literal, '' inside it included
         size_t end = sql.find('\'', i + 1);
         while (end != std::string::npos && end + 1 < sql.size() && sql[end + 1] == '\'') end = sql.find('\'', end + 2);
         end = end == std::string::npos ? sql.size() : end + 1;
         out.append(sql, i, end - i);
         i = end;
      } else if (isIdentifierCharacter(sql[i])) {
         size_t end = i;
         while (end < sql.size() && isIdentifierCharacter(sql[end])) ++end;
         std::string word = sql.substr(i, end - i), lower = lowerCase(word);
         out += lower == "orderline" ? "order_line" : lower == "neworder" ? "new_order" : word;
         i = end;
      } else {
         out += sql[i++];
      }
   }
   return out;
}

std::vector<ChQuery> readChQueries(const std::string& sharedDir) {
   std::vector<ChQuery> queries;
   for (int number = 1; number <= chQueryCount; ++number) {
      char name[16];
      std::snprintf(name, sizeof(name), "q%02d.sql", number);
      queries.push_back({number, mapChTableNames(readTextFile(sharedDir + "/chbench/queries/" + name))});
   }
   return queries;
}

}  // namespace kiln::bench
