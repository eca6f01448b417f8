// COPY's records as PostgreSQL 15 reads them (each case checked with COPY ... FROM a file of the
// same bytes): text format's escapes and end-of-copy marker, CSV's quoting, line ends, the NULL
// string, and the errors with their line numbers.
#include <gtest/gtest.h>

#include "kiln/kiln.h"
#include "storage/copy_records.h"

using namespace kiln;

namespace {

CopyOptions csv() {
   CopyOptions options;
   options.csv = true;
   options.delimiter = ',';
   options.nullString = "";
   return options;
}

/// The records, fields separated by '|', NULL as <null>, a quoted field marked with ".
std::string records(std::string_view input, const CopyOptions& options = {}, bool fromClient = false) {
   CopyRecordReader reader(input.data(), input.data() + input.size(), options, fromClient);
   std::vector<CopyField> fields;
   std::string out;
   while (reader.next(fields)) {
      for (size_t i = 0; i < fields.size(); ++i) {
         out += i ? "|" : "";
         out += fields[i].null ? "<null>" : (fields[i].quoted ? "\"" : "") + std::string(fields[i].text);
      }
      out += ";";
   }
   return out;
}

/// The error reading `input` raises, with the line it names.
std::string errorOf(std::string_view input, const CopyOptions& options = {}) {
   CopyRecordReader reader(input.data(), input.data() + input.size(), options, false);
   std::vector<CopyField> fields;
   try {
      while (reader.next(fields)) {}
   } catch (const Error& error) {
      return error.sqlstate() + " line " + std::to_string(reader.line()) + ": " + error.message();
   }
   return "no error";
}

}  // namespace

TEST(CopyRecords, TextEscapes) {
   // \0777 is '?' then '7' (octal takes up to 3 digits); \x takes 1 or 2 hex digits, none: 'x'
   EXPECT_EQ(records("\\0777\t\\x41\\x4g\\xg\n"), "?7|A\x04gxg;");
   EXPECT_EQ(records("\\b\\f\\n\\r\\t\\v\\a\\q\\\\\n"), "\b\f\n\r\t\vaq\\;");
   // \N is NULL only as the whole field; \\N is the text \N
   EXPECT_EQ(records("\\N\t\\\\N\tx\\N\n"), "<null>|\\N|xN;");
   // an escaped delimiter is data; a backslash before the line end makes the line end data
   EXPECT_EQ(records("a\\\tb\tc\\\nd\n"), "a\tb|c\nd;");
   // a backslash that ends the input is dropped
   EXPECT_EQ(records("a\\"), "a;");
   EXPECT_EQ(records("\\303\\251\n"), "\xc3\xa9;");
}

TEST(CopyRecords, TextNullStringIsMatchedBeforeEscapes) {
   CopyOptions options;
   options.nullString = "x";
   EXPECT_EQ(records("x\t\\x\t\\N\n", options), "<null>|x|N;");
}

TEST(CopyRecords, EndOfCopyMarker) {
   // What follows "\." alone on a line is not read. After data on its line it ends the line,
   // and in rows from the client (FROM STDIN) the data too.
   EXPECT_EQ(records("1\ta\n\\.\n2\tb\n"), "1|a;");
   EXPECT_EQ(records("1\t\\.\n2\tb\n"), "1|;2|b;");
   EXPECT_EQ(records("1\t\\.\n2\tb\n", {}, true), "1|;");
   EXPECT_EQ(records("1\ta\r\n\\.\r\n2\n"), "1|a;");
   EXPECT_EQ(records("1\ta\n\\\\.\n"), "1|a;\\.;");
   EXPECT_EQ(errorOf("1\ta\n\\.x\n"), "22P04 line 2: end-of-copy marker corrupt");
   EXPECT_EQ(errorOf("1\ta\\.b\n"), "22P04 line 1: end-of-copy marker corrupt");
   EXPECT_EQ(errorOf("1\ta\n\\."), "22P04 line 2: end-of-copy marker corrupt");
   EXPECT_EQ(errorOf("1\ta\n\\.\r\n"), "22P04 line 2: end-of-copy marker does not match previous newline style");
   EXPECT_EQ(errorOf("1\ta\r\n\\.\n"), "22P04 line 2: end-of-copy marker does not match previous newline style");
   // In CSV only alone on a line, outside quotes; else it is data.
   EXPECT_EQ(records("1,x\n\\.\n2,y\n", csv()), "1|x;");
   EXPECT_EQ(records("\\.x\n1,\"x\n\\.\n\"\n2,x\\.\n", csv()), "\\.x;1|\"x\n\\.\n;2|x\\.;");
}

TEST(CopyRecords, LineEndsFollowTheFirstLine) {
   EXPECT_EQ(records("1\ta\r\n2\tb\r\n"), "1|a;2|b;");
   EXPECT_EQ(records("1\ta\r2\tb\r"), "1|a;2|b;");
   EXPECT_EQ(records("1\ta"), "1|a;");
   EXPECT_EQ(errorOf("1\ta\r\n2\tb\n"), "22P04 line 2: literal newline found in data");
   EXPECT_EQ(errorOf("1\ta\n2\tb\r\n"), "22P04 line 2: literal carriage return found in data");
   EXPECT_EQ(errorOf("1\ta\rb\n"), "22P04 line 2: literal newline found in data");
   EXPECT_EQ(errorOf("1,x\r\n2,y\n", csv()), "22P04 line 2: unquoted newline found in data");
   EXPECT_EQ(errorOf("1,x\n2,y\r\n", csv()), "22P04 line 2: unquoted carriage return found in data");
   EXPECT_EQ(records("1,\"x\r\ny\"\n", csv()), "1|\"x\r\ny;");
}

TEST(CopyRecords, CsvQuoting) {
   // A quote anywhere in a field opens quoting: "abc"def is abcdef, a""b is ab
   EXPECT_EQ(records("1,\"abc\"def\n2,a\"\"b\n3,\"ab\"c\"d\"\n", csv()), "1|\"abcdef;2|\"ab;3|\"abcd;");
   EXPECT_EQ(records("1,\"a\"\"b\"\n2,\"a\nb\"\n3,\"\"\n4,\n5, \"x\" \n", csv()), "1|\"a\"b;2|\"a\nb;3|\";4|<null>;5|\" x ;");
   // An unclosed quote takes the lines after it, to the end of the input.
   EXPECT_EQ(records("1,ab\"c\n2,x\"\n", csv()), "1|\"abc\n2,x;");
   EXPECT_EQ(errorOf("1,ab\"c\n", csv()), "22P04 line 1: unterminated CSV quoted field");
   // Its line counts the line ends inside the quotes.
   EXPECT_EQ(errorOf("1,x\n2,\"a\nb\nc\n", csv()), "22P04 line 5: unterminated CSV quoted field");
   CopyOptions escaped = csv();
   escaped.escape = '\\';
   EXPECT_EQ(records("1,\"x\\\"y\"\n2,\"a\\\\b\"\n3,\"a\\b\"\n", escaped), "1|\"x\"y;2|\"a\\b;3|\"a\\b;");
   // Outside quotes the escape character is data (here it leaves a quote open).
   EXPECT_EQ(errorOf("4,a\\\"b\n", escaped), "22P04 line 1: unterminated CSV quoted field");
   CopyOptions quoted = csv();
   quoted.nullString = "NULL";
   EXPECT_EQ(records("NULL,\"NULL\",\n", quoted), "<null>|\"NULL|;");
}

TEST(CopyRecords, InvalidUtf8NamesItsLine) {
   using namespace std::string_view_literals;
   EXPECT_EQ(errorOf("1\ta\n2\tb\xc3\n"), "22021 line 2: invalid byte sequence for encoding \"UTF8\": 0xc3 0x0a");
   EXPECT_EQ(errorOf("1\ta\0b\n"sv), "22021 line 1: invalid byte sequence for encoding \"UTF8\": 0x00");
   EXPECT_EQ(errorOf("1,\"\xff\"\n", csv()), "22021 line 1: invalid byte sequence for encoding \"UTF8\": 0xff");
   // Escapes that make bytes which are not UTF-8, or NUL
   EXPECT_EQ(errorOf("1\t\\0\n"), "22021 line 1: invalid byte sequence for encoding \"UTF8\": 0x00");
   EXPECT_EQ(errorOf("1\t\\400\n"), "22021 line 1: invalid byte sequence for encoding \"UTF8\": 0x00");
   EXPECT_EQ(errorOf("1\t\\xff\n"), "22021 line 1: invalid byte sequence for encoding \"UTF8\": 0xff");
   // The first of a bad byte and a bad line end fails; bytes past 64 KiB are found too.
   EXPECT_EQ(errorOf("1\ta\rb\xff\n"), "22021 line 2: invalid byte sequence for encoding \"UTF8\": 0xff");
   EXPECT_EQ(errorOf("1\ta\rb\n\xff"), "22P04 line 2: literal newline found in data");
   std::string many;
   for (int i = 0; i < 20000; ++i) many += std::to_string(i) + "\tsome text \xc3\xa9\n";
   EXPECT_EQ(errorOf(many + "x\xe2\x82\n"), "22021 line 20001: invalid byte sequence for encoding \"UTF8\": 0xe2 0x82 0x0a");
}

TEST(CopyRecords, LineStartsForPieces) {
   std::string_view text = "a\\\nb\nc\\\\\nd\n";
   const char* begin = text.data();
   const char* end = begin + text.size();
   // The escaped line end does not end a line; after two backslashes it does.
   EXPECT_EQ(lineStartAfter(begin, begin + 1, end, LineEnd::Newline, false) - begin, 5);
   EXPECT_EQ(lineStartAfter(begin, begin + 5, end, LineEnd::Newline, false) - begin, 9);
   std::string_view crlf = "a\r\nb\r\n";
   EXPECT_EQ(lineStartAfter(crlf.data(), crlf.data() + 1, crlf.data() + crlf.size(), LineEnd::CarriageReturnNewline, false) - crlf.data(), 3);
}
