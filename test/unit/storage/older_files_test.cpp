// Files written before the kinds of unique indexes were kept: an index named as PostgreSQL names
// UNIQUE constraints (t_a_b_key) reads as one, others as CREATE UNIQUE INDEX indexes, and the
// first index on the primary key's columns becomes the primary key's, unless one already is.
#include <gtest/gtest.h>

#include "storage/table.h"

namespace {

std::unique_ptr<kiln::Table> table(std::vector<size_t> primaryKey) {
   std::vector<std::unique_ptr<kiln::Column>> columns;
   for (const char* name : {"a", "b", "c"}) columns.push_back(std::make_unique<kiln::Column>(name, kiln::SqlType::integer(), false));
   return std::make_unique<kiln::Table>("t", std::move(columns), std::move(primaryKey));
}

TEST(OlderFiles, UniqueIndexesNamedAsConstraintsAreConstraints) {
   auto t = table({});
   EXPECT_EQ(t->olderUniqueKind("t_a_key", {0}), kiln::UniqueKind::Constraint);
   EXPECT_EQ(t->olderUniqueKind("t_a_b_key", {0, 1}), kiln::UniqueKind::Constraint);
   EXPECT_EQ(t->olderUniqueKind("t_b_a_key", {0, 1}), kiln::UniqueKind::Index);
   EXPECT_EQ(t->olderUniqueKind("t_a_idx", {0}), kiln::UniqueKind::Index);
   EXPECT_EQ(t->olderUniqueKind("t_pkey", {0}), kiln::UniqueKind::Index);
}

TEST(OlderFiles, TheFirstIndexOnThePrimaryKeysColumnsIsItsIndex) {
   auto t = table({1});
   t->addUniqueIndex("t_a_key", {0}, kiln::UniqueKind::Constraint);
   t->addUniqueIndex("t_pkey", {1}, kiln::UniqueKind::Index);
   t->addUniqueIndex("t_b_idx", {1}, kiln::UniqueKind::Index);
   t->recognizeOlderPrimaryKey();
   EXPECT_EQ(t->uniqueIndexes()[0]->kind(), kiln::UniqueKind::Constraint);
   EXPECT_EQ(t->uniqueIndexes()[1]->kind(), kiln::UniqueKind::PrimaryKey);
   EXPECT_EQ(t->uniqueIndexes()[2]->kind(), kiln::UniqueKind::Index);
   // A primary key with its index known stays as it is.
   auto known = table({0});
   known->addUniqueIndex("t_a_idx", {0}, kiln::UniqueKind::Index);
   known->addUniqueIndex("main", {0}, kiln::UniqueKind::PrimaryKey);
   known->recognizeOlderPrimaryKey();
   EXPECT_EQ(known->uniqueIndexes()[0]->kind(), kiln::UniqueKind::Index);
   EXPECT_EQ(known->uniqueIndexes()[1]->kind(), kiln::UniqueKind::PrimaryKey);
}

}  // namespace
