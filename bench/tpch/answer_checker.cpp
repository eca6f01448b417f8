#include "answer_checker.h"

#include "answer_file.h"
#include "value_match.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace kiln::bench {

namespace {

std::string joinRow(const std::vector<std::string>& row) {
   std::string text;
   for (size_t i = 0; i < row.size(); ++i) text += (i ? "|" : "") + row[i];
   return text;
}

}  // namespace

std::optional<std::string> answerPath(const std::string& sharedDir, const std::string& scaleFactor, int query) {
   char name[16];
   std::snprintf(name, sizeof(name), "q%02d.csv", query);
   std::string path = sharedDir + "/tpch/answers/sf" + scaleFactor + "/" + name;
   if (!std::filesystem::exists(path)) return std::nullopt;
   return path;
}

std::string compareWithAnswer(const ResultTable& result, const std::string& answerFile, bool compareColumnNames) {
   kiln::tpch::Answer answer = kiln::tpch::readAnswer(answerFile);
   if (result.columns.size() != answer.columns.size() || (compareColumnNames && result.columns != answer.columns))
      return "columns differ\n  expected: " + joinRow(answer.columns) + "\n  actual:   " + joinRow(result.columns) + "\n";

   std::string diff;
   int shown = 0;
   for (size_t r = 0; r < std::max(result.rows.size(), answer.rows.size()) && shown < 3; ++r) {
      bool same = r < answer.rows.size() && r < result.rows.size() && result.rows[r].size() == answer.rows[r].size();
      for (size_t c = 0; same && c < result.rows[r].size(); ++c) same = kiln::tpch::valuesMatch(answer.rows[r][c], result.rows[r][c]);
      if (same) continue;
      ++shown;
      diff += "  row " + std::to_string(r + 1) + "\n";
      diff += "    expected: " + (r < answer.rows.size() ? joinRow(answer.rows[r]) : "(no row)") + "\n";
      diff += "    actual:   " + (r < result.rows.size() ? joinRow(result.rows[r]) : "(no row)") + "\n";
   }
   if (!diff.empty() && result.rows.size() != answer.rows.size())
      diff = "  " + std::to_string(answer.rows.size()) + " rows expected, " + std::to_string(result.rows.size()) + " returned\n" + diff;
   return diff;
}

}  // namespace kiln::bench
