// Column append/get/truncate for every type, NULLs, and long strings; Table rollback; Catalog errors.
#include <gtest/gtest.h>

#include <cstring>

#include "common/german_string.h"
#include "storage/catalog.h"
#include "storage/column.h"
#include "storage/table.h"

using namespace kiln;

namespace {

template <typename F>
std::string sqlstateOf(F&& f) {
   try {
      f();
   } catch (const Error& e) {
      return e.sqlstate();
   }
   return "none";
}

std::unique_ptr<Table> makeTable(const std::string& name) {
   std::vector<std::unique_ptr<Column>> columns;
   columns.push_back(std::make_unique<Column>("id", SqlType::integer(), true));
   columns.push_back(std::make_unique<Column>("name", SqlType::varchar(20), false));
   return std::make_unique<Table>(name, std::move(columns), std::vector<size_t>{0});
}

}  // namespace

TEST(Column, WidthsFollowPhysicalTypes) {
   EXPECT_EQ(Column("b", SqlType::boolean(), false).width(), 1u);
   EXPECT_EQ(Column("s", SqlType::smallInt(), false).width(), 2u);
   EXPECT_EQ(Column("i", SqlType::integer(), false).width(), 4u);
   EXPECT_EQ(Column("d", SqlType::date(), false).width(), 4u);
   EXPECT_EQ(Column("l", SqlType::bigInt(), false).width(), 8u);
   EXPECT_EQ(Column("n", SqlType::decimal(18, 2), false).width(), 8u);
   EXPECT_EQ(Column("w", SqlType::decimal(19, 2), false).width(), 16u);
   EXPECT_EQ(Column("r", SqlType::real(), false).width(), 4u);
   EXPECT_EQ(Column("f", SqlType::double_(), false).width(), 8u);
   EXPECT_EQ(Column("v", SqlType::interval(), false).width(), 16u);
   EXPECT_EQ(Column("t", SqlType::text(), false).width(), 16u);
   EXPECT_EQ(Column("t", SqlType::text(), true).nulls(), nullptr);
}

TEST(Column, AppendAndGetEveryType) {
   struct Case {
      SqlType type;
      const char* text;
      const char* expected;
   };
   const Case cases[] = {
      {SqlType::boolean(), "true", "t"},
      {SqlType::smallInt(), "-32768", "-32768"},
      {SqlType::integer(), "2147483647", "2147483647"},
      {SqlType::bigInt(), "-9223372036854775808", "-9223372036854775808"},
      {SqlType::decimal(15, 2), "-1234567890123.45", "-1234567890123.45"},
      {SqlType::decimal(38, 10), "1234567890123456789012345678.0123456789", "1234567890123456789012345678.0123456789"},
      {SqlType::real(), "1.1", "1.1"},
      {SqlType::double_(), "0.30000000000000004", "0.30000000000000004"},
      {SqlType::date(), "1998-12-01", "1998-12-01"},
      {SqlType::interval(), "1 year 2 months 3 days 04:05:06", "1 year 2 mons 3 days 04:05:06"},
      {SqlType::char_(5), "ab", "ab"},
      {SqlType::varchar(30), "exactly twelve", "exactly twelve"},
      {SqlType::text(), "short", "short"},
   };
   for (const Case& c : cases) {
      Column column("c", c.type, false);
      column.appendText(c.text);
      column.appendNull();
      column.append(parseValue(c.text, c.type));
      ASSERT_EQ(column.size(), 3u) << c.type.toString();
      EXPECT_EQ(formatValue(column.get(0)), c.expected) << c.type.toString();
      EXPECT_FALSE(column.get(0).isNull);
      EXPECT_TRUE(column.get(1).isNull) << c.type.toString();
      EXPECT_EQ(column.nulls()[1], 1);
      EXPECT_EQ(column.nulls()[0], 0);
      EXPECT_EQ(formatValue(column.get(2)), c.expected) << c.type.toString();
      EXPECT_EQ(column.get(2).type, c.type);
   }
}

TEST(Column, AppendRawCopiesStringBytes) {
   Column column("t", SqlType::text(), false);
   std::string longText(100, 'z'), shortText = "tiny";
   GermanString l = GermanString::make(longText), s = GermanString::make(shortText);
   column.appendRaw(&l, false);
   column.appendRaw(&s, false);
   column.appendRaw(nullptr, true);
   longText.assign(100, 'q');  // the column owns its copy
   EXPECT_EQ(column.get(0).string, std::string(100, 'z'));
   EXPECT_EQ(column.get(1).string, "tiny");
   EXPECT_TRUE(column.get(2).isNull);
   int64_t v = 77;
   Column numbers("n", SqlType::bigInt(), true);
   numbers.appendRaw(&v, false);
   EXPECT_EQ(numbers.get(0).integer, 77);
}

TEST(Column, ManyLongStringsSurviveGrowth) {
   Column column("t", SqlType::text(), false);
   for (int i = 0; i < 20000; ++i) {
      if (i % 7 == 0) column.appendNull();
      else column.appendText("a fairly long string value #" + std::to_string(i));
   }
   ASSERT_EQ(column.size(), 20000u);
   for (int i = 0; i < 20000; ++i) {
      Value v = column.get(size_t(i));
      if (i % 7 == 0) ASSERT_TRUE(v.isNull) << i;
      else ASSERT_EQ(v.string, "a fairly long string value #" + std::to_string(i));
   }
   // The array holds 16-byte German strings: short ones inline, long ones pointing into the heap.
   GermanString s;
   std::memcpy(&s, column.data() + 1 * column.width(), sizeof(s));
   EXPECT_FALSE(s.isInline());
   EXPECT_EQ(s.view(), "a fairly long string value #1");
}

TEST(Column, NotNullRejectsNull) {
   auto table = makeTable("people");
   Column& id = table->column(0);
   try {
      id.appendNull();
      FAIL() << "NULL accepted";
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "23502");
      EXPECT_EQ(e.message(), "null value in column \"id\" of relation \"people\" violates not-null constraint");
   }
   EXPECT_EQ(id.size(), 0u);
}

TEST(Column, AppendTextChecksInput) {
   Column i("i", SqlType::integer(), false), v("v", SqlType::varchar(3), false), c("c", SqlType::char_(3), false), d("d", SqlType::date(), false),
      n("n", SqlType::decimal(5, 2), false), s("s", SqlType::smallInt(), false);
   EXPECT_EQ(sqlstateOf([&] { i.appendText("12a"); }), "22P02");
   EXPECT_EQ(sqlstateOf([&] { i.appendText("2147483648"); }), "22003");
   EXPECT_EQ(sqlstateOf([&] { s.appendText("40000"); }), "22003");
   EXPECT_EQ(sqlstateOf([&] { v.appendText("abcd"); }), "22001");
   EXPECT_EQ(sqlstateOf([&] { c.appendText("abcd"); }), "22001");
   EXPECT_EQ(sqlstateOf([&] { d.appendText("2023-02-29"); }), "22008");
   EXPECT_EQ(sqlstateOf([&] { n.appendText("1000"); }), "22003");
   // A failed parse appends nothing.
   EXPECT_EQ(i.size(), 0u);
   EXPECT_EQ(v.size(), 0u);
   EXPECT_EQ(c.size(), 0u);
   EXPECT_EQ(d.size(), 0u);
   EXPECT_EQ(n.size(), 0u);
   EXPECT_EQ(s.size(), 0u);
   c.appendText("x  ");
   EXPECT_EQ(c.get(0).string, "x");  // CHAR is stored without trailing blanks
   n.appendText("1.005");
   EXPECT_EQ(n.get(0).decimal, 101);
}

TEST(Column, Truncate) {
   Column column("i", SqlType::integer(), false);
   for (int i = 0; i < 3000; ++i) column.appendText(std::to_string(i));
   column.truncate(1000);
   EXPECT_EQ(column.size(), 1000u);
   column.truncate(2000);  // never grows
   EXPECT_EQ(column.size(), 1000u);
   column.appendNull();
   column.appendText("-5");
   EXPECT_EQ(column.size(), 1002u);
   EXPECT_EQ(column.get(999).integer, 999);
   EXPECT_TRUE(column.get(1000).isNull);
   EXPECT_EQ(column.get(1001).integer, -5);
   EXPECT_FALSE(column.get(1001).isNull);  // the NULL byte of a reused slot is reset
}

TEST(Table, RollbackUndoesUnsealedAppends) {
   auto table = makeTable("t");
   EXPECT_EQ(table->findColumn("name"), 1);
   EXPECT_EQ(table->findColumn("nosuch"), -1);
   table->column(0).appendText("1");
   table->column(1).appendText("one");
   table->sealAppendedRows(1);
   table->column(0).appendText("2");
   table->column(1).appendText("two");
   table->column(0).appendText("3");
   EXPECT_EQ(table->rowCount(), 1u);
   table->rollbackToRowCount();
   EXPECT_EQ(table->column(0).size(), 1u);
   EXPECT_EQ(table->column(1).size(), 1u);
   EXPECT_EQ(table->column(1).get(0).string, "one");
   table->column(0).appendText("4");
   table->column(1).appendNull();
   table->sealAppendedRows(2);
   EXPECT_EQ(table->rowCount(), 2u);
   EXPECT_EQ(table->column(0).get(1).integer, 4);
   EXPECT_TRUE(table->column(1).get(1).isNull);
}

TEST(Catalog, CreateFindDrop) {
   Catalog catalog;
   EXPECT_EQ(catalog.findTable("t"), nullptr);
   Table& t = catalog.createTable(makeTable("t"));
   EXPECT_EQ(catalog.findTable("t"), &t);
   catalog.createTable(makeTable("a"));
   auto tables = catalog.tables();
   ASSERT_EQ(tables.size(), 2u);
   try {
      catalog.createTable(makeTable("t"));
      FAIL() << "duplicate accepted";
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "42P07");
      EXPECT_EQ(e.message(), "relation \"t\" already exists");
   }
   EXPECT_EQ(catalog.findTable("t"), &t);  // the original survives
   catalog.dropTable("t");
   EXPECT_EQ(catalog.findTable("t"), nullptr);
   try {
      catalog.dropTable("t");
      FAIL() << "dropped twice";
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "42P01");
      EXPECT_EQ(e.message(), "table \"t\" does not exist");
   }
   EXPECT_EQ(catalog.tables().size(), 1u);
}
