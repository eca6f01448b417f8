#include "outcome.h"

#include <cstring>

namespace kiln::fuzz {

std::string Outcome::describe(size_t maxRows) const {
   switch (status) {
      case Status::Crash: return "CRASH: " + message + "\n";
      case Status::Hang: return "HANG: " + message + "\n";
      case Status::Error: return "ERROR " + sqlstate + ": " + message + "\n";
      case Status::Rows: break;
   }
   if (columnTypes.empty()) return tag + "\n";
   std::string out;
   for (size_t c = 0; c < columnTypes.size(); ++c) out += (c ? " | " : "") + columnTypes[c];
   out += "\n";
   for (size_t r = 0; r < rows.size() && r < maxRows; ++r) {
      for (size_t c = 0; c < rows[r].size(); ++c) out += (c ? " | " : "") + (rows[r][c] ? *rows[r][c] : std::string("NULL"));
      out += "\n";
   }
   if (rows.size() > maxRows) out += "... (" + std::to_string(rows.size()) + " rows)\n";
   out += "(" + std::to_string(rows.size()) + (rows.size() == 1 ? " row)\n" : " rows)\n");
   return out;
}

namespace {

void putNumber(uint64_t value, std::string& out) { out.append(reinterpret_cast<const char*>(&value), sizeof value); }

void putText(std::string_view text, std::string& out) {
   putNumber(text.size(), out);
   out += text;
}

bool getNumber(std::string_view& in, uint64_t& value) {
   if (in.size() < sizeof value) return false;
   std::memcpy(&value, in.data(), sizeof value);
   in.remove_prefix(sizeof value);
   return true;
}

bool getText(std::string_view& in, std::string& text) {
   uint64_t size;
   if (!getNumber(in, size) || in.size() < size) return false;
   text.assign(in.data(), size);
   in.remove_prefix(size);
   return true;
}

}  // namespace

void encode(const Outcome& outcome, std::string& out) {
   std::string body;
   putNumber(uint64_t(outcome.status), body);
   putText(outcome.sqlstate, body);
   putText(outcome.message, body);
   putText(outcome.tag, body);
   putNumber(outcome.columnTypes.size(), body);
   for (const std::string& type : outcome.columnTypes) putText(type, body);
   putNumber(outcome.rows.size(), body);
   for (const Row& row : outcome.rows)
      for (const std::optional<std::string>& value : row) {
         putNumber(value ? 1 : 0, body);
         if (value) putText(*value, body);
      }
   putText(body, out);
}

bool decode(std::string_view& in, Outcome& outcome) {
   std::string frame;
   if (!getText(in, frame)) return false;
   std::string_view body = frame;
   uint64_t status, columns, rows;
   if (!getNumber(body, status) || !getText(body, outcome.sqlstate) || !getText(body, outcome.message) || !getText(body, outcome.tag) ||
       !getNumber(body, columns))
      return false;
   outcome.status = Outcome::Status(status);
   outcome.columnTypes.resize(columns);
   for (std::string& type : outcome.columnTypes)
      if (!getText(body, type)) return false;
   if (!getNumber(body, rows)) return false;
   outcome.rows.assign(rows, Row(columns));
   for (Row& row : outcome.rows)
      for (std::optional<std::string>& value : row) {
         uint64_t present;
         if (!getNumber(body, present)) return false;
         if (present) {
            value.emplace();
            if (!getText(body, *value)) return false;
         }
      }
   return true;
}

}  // namespace kiln::fuzz
