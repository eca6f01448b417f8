// copyFromFile: PostgreSQL's text and CSV formats, dbgen's trailing '|', and all-or-nothing errors.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "storage/copy_reader.h"

using namespace kiln;

namespace {

/// A file with the given bytes, removed at the end of the test.
class TempFile {
   public:
   explicit TempFile(const std::string& content) {
      char name[] = "/tmp/kiln_copy_test_XXXXXX";
      int fd = ::mkstemp(name);
      if (fd < 0) throw std::runtime_error("mkstemp failed");
      ::close(fd);
      path_ = name;
      std::ofstream(path_, std::ios::binary) << content;
   }
   ~TempFile() { std::remove(path_.c_str()); }
   const std::string& path() const { return path_; }

   private:
   std::string path_;
};

/// id INTEGER NOT NULL, name TEXT, price DECIMAL(10,2), shipped DATE
std::unique_ptr<Table> makeTable() {
   std::vector<std::unique_ptr<Column>> columns;
   columns.push_back(std::make_unique<Column>("id", SqlType::integer(), true));
   columns.push_back(std::make_unique<Column>("name", SqlType::text(), false));
   columns.push_back(std::make_unique<Column>("price", SqlType::decimal(10, 2), false));
   columns.push_back(std::make_unique<Column>("shipped", SqlType::date(), false));
   return std::make_unique<Table>("items", std::move(columns), std::vector<size_t>{});
}

const std::vector<size_t> allColumns = {0, 1, 2, 3};

CopyOptions csv() {
   CopyOptions options;
   options.csv = true;
   options.delimiter = ',';
   options.nullString = "";
   return options;
}

std::string cell(const Table& table, size_t row, size_t column) {
   Value v = table.column(column).get(row);
   return v.isNull ? "NULL" : formatValue(v);
}

void expectUnchanged(const Table& table, size_t rows) {
   EXPECT_EQ(table.rowCount(), rows);
   for (size_t c = 0; c < table.columnCount(); ++c) EXPECT_EQ(table.column(c).size(), rows) << "column " << c;
}

}  // namespace

TEST(CopyText, TabSeparatedWithEscapesAndNulls) {
   auto table = makeTable();
   TempFile file("1\tapple\t1.50\t1998-12-01\n2\t\\N\t\\N\t\\N\n3\ttab\\there\t-0.005\t2000-02-29\n");
   EXPECT_EQ(copyFromFile(*table, allColumns, file.path(), CopyOptions{}), 3u);
   ASSERT_EQ(table->rowCount(), 3u);
   EXPECT_EQ(cell(*table, 0, 1), "apple");
   EXPECT_EQ(cell(*table, 0, 2), "1.50");
   EXPECT_EQ(cell(*table, 0, 3), "1998-12-01");
   EXPECT_EQ(cell(*table, 1, 1), "NULL");
   EXPECT_EQ(cell(*table, 1, 2), "NULL");
   EXPECT_EQ(cell(*table, 1, 3), "NULL");
   EXPECT_EQ(cell(*table, 2, 1), "tab\there");
   EXPECT_EQ(cell(*table, 2, 2), "-0.01");  // rounded half away from zero
}

TEST(CopyText, DbgenTrailingDelimiter) {
   auto table = makeTable();
   CopyOptions options;
   options.delimiter = '|';
   TempFile file("1|Customer#000000001|711.56|1996-01-02|\n2|Customer#000000002|121.65|1996-12-01|\n");
   EXPECT_EQ(copyFromFile(*table, allColumns, file.path(), options), 2u);
   EXPECT_EQ(cell(*table, 1, 0), "2");
   EXPECT_EQ(cell(*table, 1, 1), "Customer#000000002");
   EXPECT_EQ(cell(*table, 1, 2), "121.65");
   EXPECT_EQ(cell(*table, 1, 3), "1996-12-01");
}

TEST(CopyText, CrLfLineEnds) {
   auto table = makeTable();
   CopyOptions options;
   options.delimiter = '|';
   TempFile file("1|a|1|2000-01-01\r\n2|b|2|2000-01-02\r\n");
   EXPECT_EQ(copyFromFile(*table, allColumns, file.path(), options), 2u);
   EXPECT_EQ(cell(*table, 0, 3), "2000-01-01");
   EXPECT_EQ(cell(*table, 1, 1), "b");
}

TEST(CopyCsv, QuotesDelimitersAndNewlines) {
   auto table = makeTable();
   TempFile file(
      "1,\"hello, world\",2.5,2024-02-29\n"
      "2,\"two\nlines\",,\n"
      "3,\"say \"\"hi\"\"\",0,1999-12-31\n"
      "4,\"\",7.25,2000-01-01\n"
      "5,,1,2000-01-01\n");
   EXPECT_EQ(copyFromFile(*table, allColumns, file.path(), csv()), 5u);
   ASSERT_EQ(table->rowCount(), 5u);
   EXPECT_EQ(cell(*table, 0, 1), "hello, world");
   EXPECT_EQ(cell(*table, 0, 2), "2.50");
   EXPECT_EQ(cell(*table, 1, 1), "two\nlines");
   EXPECT_EQ(cell(*table, 1, 2), "NULL");
   EXPECT_EQ(cell(*table, 1, 3), "NULL");
   EXPECT_EQ(cell(*table, 2, 1), "say \"hi\"");
   // A quoted empty string is '' while an unquoted empty field is NULL (CSV's default NULL).
   EXPECT_EQ(cell(*table, 3, 1), "");
   EXPECT_EQ(cell(*table, 4, 1), "NULL");
}

TEST(CopyCsv, HeaderAndCustomNull) {
   auto table = makeTable();
   CopyOptions options = csv();
   options.header = true;
   options.nullString = "NA";
   TempFile file("id,name,price,shipped\n1,NA,NA,2000-01-01\n2,\"NA\",,2000-01-02\n");
   // With NULL 'NA' an empty field is not NULL, so an empty price fails; try the valid part first.
   TempFile good("id,name,price,shipped\n1,NA,NA,2000-01-01\n2,\"NA\",3,2000-01-02\n");
   EXPECT_EQ(copyFromFile(*table, allColumns, good.path(), options), 2u);
   EXPECT_EQ(cell(*table, 0, 1), "NULL");
   EXPECT_EQ(cell(*table, 0, 2), "NULL");
   EXPECT_EQ(cell(*table, 1, 1), "NA");  // quoted: the string, not NULL
   EXPECT_EQ(cell(*table, 1, 2), "3.00");
   try {
      copyFromFile(*table, allColumns, file.path(), options);
      FAIL() << "empty numeric accepted";
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "22P02");  // invalid input syntax for type numeric: ""
   }
   expectUnchanged(*table, 2);
}

TEST(CopyCsv, ColumnSubsetFillsOthersWithNull) {
   auto table = makeTable();
   TempFile file("2000-03-01,10\n2000-03-02,11\n");
   EXPECT_EQ(copyFromFile(*table, {3, 0}, file.path(), csv()), 2u);
   ASSERT_EQ(table->rowCount(), 2u);
   EXPECT_EQ(cell(*table, 1, 0), "11");
   EXPECT_EQ(cell(*table, 1, 3), "2000-03-02");
   EXPECT_EQ(cell(*table, 0, 1), "NULL");
   EXPECT_EQ(cell(*table, 0, 2), "NULL");
   expectUnchanged(*table, 2);
}

TEST(CopyErrors, BadValueLeavesTableUnchangedAndNamesLineAndColumn) {
   auto table = makeTable();
   TempFile first("1,a,1,2000-01-01\n");
   ASSERT_EQ(copyFromFile(*table, allColumns, first.path(), csv()), 1u);
   TempFile file("2,b,2,2000-01-02\n3,c,3,2000-01-03\n4,d,oops,2000-01-04\n5,e,5,2000-01-05\n");
   try {
      copyFromFile(*table, allColumns, file.path(), csv());
      FAIL() << "bad numeric accepted";
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "22P02");
      EXPECT_EQ(e.message(), "invalid input syntax for type numeric: \"oops\"");
      // PostgreSQL's context: COPY items, line 3, column price: "oops"
      EXPECT_NE(e.detail().find("line 3"), std::string::npos) << e.detail();
      EXPECT_NE(e.detail().find("column price"), std::string::npos) << e.detail();
      EXPECT_NE(e.detail().find("oops"), std::string::npos) << e.detail();
   }
   expectUnchanged(*table, 1);
   EXPECT_EQ(cell(*table, 0, 1), "a");
   // The table still accepts rows afterwards.
   TempFile more("9,z,9,2000-01-09\n");
   EXPECT_EQ(copyFromFile(*table, allColumns, more.path(), csv()), 1u);
   EXPECT_EQ(cell(*table, 1, 0), "9");
   EXPECT_EQ(cell(*table, 1, 1), "z");
}

TEST(CopyErrors, NotNullViolation) {
   auto table = makeTable();
   TempFile file("1,a,1,2000-01-01\n,b,2,2000-01-02\n");
   try {
      copyFromFile(*table, allColumns, file.path(), csv());
      FAIL();
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "23502");
      EXPECT_NE(e.detail().find("line 2"), std::string::npos) << e.detail();
   }
   expectUnchanged(*table, 0);
}

TEST(CopyErrors, MissingAndExtraColumns) {
   auto table = makeTable();
   TempFile missing("1,a,1,2000-01-01\n2,b\n");
   try {
      copyFromFile(*table, allColumns, missing.path(), csv());
      FAIL();
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "22P04");
      EXPECT_EQ(e.message(), "missing data for column \"price\"");
      EXPECT_NE(e.detail().find("line 2"), std::string::npos) << e.detail();
   }
   expectUnchanged(*table, 0);
   TempFile extra("1,a,1,2000-01-01,x,y\n");
   try {
      copyFromFile(*table, allColumns, extra.path(), csv());
      FAIL();
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "22P04");
      EXPECT_EQ(e.message(), "extra data after last expected column");
   }
   expectUnchanged(*table, 0);
}

TEST(CopyErrors, UnterminatedQuote) {
   auto table = makeTable();
   TempFile file("1,\"never closed,1,2000-01-01\n");
   try {
      copyFromFile(*table, allColumns, file.path(), csv());
      FAIL();
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "22P04");
      EXPECT_EQ(e.message(), "unterminated CSV quoted field");
   }
   expectUnchanged(*table, 0);
}

TEST(CopyErrors, MissingFile) {
   auto table = makeTable();
   try {
      copyFromFile(*table, allColumns, "/tmp/kiln_no_such_dir/no_such_file.csv", csv());
      FAIL();
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "58P01");
      EXPECT_EQ(e.message(), "could not open file \"/tmp/kiln_no_such_dir/no_such_file.csv\" for reading: No such file or directory");
   }
   expectUnchanged(*table, 0);
}

TEST(CopyText, EmptyFileAndManyRows) {
   auto table = makeTable();
   TempFile empty("");
   EXPECT_EQ(copyFromFile(*table, allColumns, empty.path(), CopyOptions{}), 0u);
   std::string content;
   for (int i = 0; i < 30000; ++i) content += std::to_string(i) + "|name " + std::to_string(i) + " with some length|" + std::to_string(i) + ".25|2000-01-01|\n";
   TempFile file(content);
   CopyOptions options;
   options.delimiter = '|';
   EXPECT_EQ(copyFromFile(*table, allColumns, file.path(), options), 30000u);
   ASSERT_EQ(table->rowCount(), 30000u);
   EXPECT_EQ(cell(*table, 29999, 1), "name 29999 with some length");
   EXPECT_EQ(cell(*table, 12345, 2), "12345.25");
}
