// Names of constraints, chosen as PostgreSQL chooses them (unique among the schema's constraints).
#pragma once

#include <set>
#include <string>

#include "storage/catalog.h"

namespace kiln {

/// PostgreSQL's makeObjectName: table_column_label (no column: table_label), the longer part
/// shortened until the name fits 63 bytes.
std::string objectName(std::string table, std::string column, const std::string& label);

/// The names of all constraints in the catalog (CHECK, PRIMARY KEY/UNIQUE, FOREIGN KEY), which
/// a generated name must avoid.
std::set<std::string> constraintNames(const Catalog& catalog);

/// The names of the constraints of `table` (nullptr: none), which a given name must not repeat.
std::set<std::string> constraintNamesOf(const Table* table);

}  // namespace kiln
