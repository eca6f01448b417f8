// What one statement did on one system: rows (as text, as PostgreSQL prints them), an error with
// its SQLSTATE, or (kiln only) a crash or a hang of the process running it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::fuzz {

using Row = std::vector<std::optional<std::string>>;  // nullopt: NULL

struct Outcome {
   enum class Status : uint8_t { Rows, Error, Crash, Hang };
   Status status = Status::Rows;
   std::string sqlstate;  // Error
   std::string message;   // Error, Crash, Hang
   std::string tag;       // the command tag: "INSERT 0 2", "SELECT 3"
   std::vector<std::string> columnTypes;  // "integer", "double precision", ...
   std::vector<Row> rows;

   bool ok() const { return status == Status::Rows; }
   bool failedWith(std::string_view code) const { return status == Status::Error && sqlstate == code; }
   /// The answer as a few lines for a report: the rows, or the error.
   std::string describe(size_t maxRows = 25) const;
};

using Outcomes = std::vector<Outcome>;

/// A byte encoding of an outcome, for the pipe from kiln's child process.
void encode(const Outcome& outcome, std::string& out);
/// Reads one outcome from the front of `in` and removes it; false when `in` holds no whole one.
bool decode(std::string_view& in, Outcome& outcome);

}  // namespace kiln::fuzz
