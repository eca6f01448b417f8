// FOREIGN KEY constraints where a table gets them (CREATE TABLE, ALTER TABLE ... ADD): checked
// and named as PostgreSQL checks and names them. kiln performs NO ACTION and RESTRICT, and ON
// DELETE CASCADE and SET NULL, with MATCH SIMPLE; the other actions (ON UPDATE CASCADE, SET
// DEFAULT, ...), MATCH FULL, DEFERRABLE and NOT VALID are refused with 0A000.
#pragma once

#include <set>
#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "storage/catalog.h"

namespace kiln {

/// A FOREIGN KEY as written: a table constraint, or a column's REFERENCES (`column` its column).
struct ForeignKeyDefinition {
   const PgQuery__Constraint* constraint = nullptr;
   std::string column;
};

/// What binding needs of a table: one being created, or one in the catalog (keyedTable).
struct KeyedTable {
   std::string name;
   std::vector<ColumnInfo> columns;
   std::vector<size_t> primaryKey;
   std::vector<std::vector<size_t>> uniqueKeys;  // the primary key among them
};
KeyedTable keyedTable(const Table& table);

/// 0A000 for what kiln does not perform (ON UPDATE CASCADE, SET DEFAULT, MATCH FULL, DEFERRABLE, ...).
void refuseUnsupported(const PgQuery__Constraint& constraint);

/// The constraints `definitions` make on table `child`: the referenced table (`child` itself when
/// it names it) and columns (by default its primary key) must be a PRIMARY KEY or UNIQUE key
/// (42830), of types comparable with the referencing columns' (42804). Names as PostgreSQL's
/// (child_a_b_fkey, then child_a_b_fkey1, ...); 42710 for a name `child` already has.
std::vector<ForeignKey> bindForeignKeys(const std::vector<ForeignKeyDefinition>& definitions, const KeyedTable& child, const Catalog& catalog);

}  // namespace kiln
