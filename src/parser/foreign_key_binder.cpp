#include "parser/foreign_key_binder.h"

#include <algorithm>

#include "parser/constraint_names.h"
#include "parser/expression_binder.h"

namespace kiln {

namespace {

ForeignKeyAction actionOf(const char* code, const char* clause, int position) {
   bool onDelete = std::string(clause) == "ON DELETE";
   switch (code && *code ? *code : 'a') {
      case 'a': return ForeignKeyAction::NoAction;
      case 'r': return ForeignKeyAction::Restrict;
      case 'c':
         if (onDelete) return ForeignKeyAction::Cascade;
         throw Error("0A000", "ON UPDATE CASCADE is not supported yet (only NO ACTION and RESTRICT are)", position);
      case 'n':
         if (onDelete) return ForeignKeyAction::SetNull;
         throw Error("0A000", "ON UPDATE SET NULL is not supported yet (only NO ACTION and RESTRICT are)", position);
      case 'd': throw Error("0A000", std::string(clause) + " SET DEFAULT is not supported yet", position);
   }
   throw Error("0A000", std::string(clause) + " action is not supported", position);
}

/// Which types compare with which in a foreign key, as PostgreSQL's btree operator families
/// group them.
enum class TypeFamily { Integer, Decimal, Float, String, DateTime, Other };

TypeFamily familyOf(const SqlType& type) {
   switch (type.id) {
      case TypeId::SmallInt:
      case TypeId::Integer:
      case TypeId::BigInt: return TypeFamily::Integer;
      case TypeId::Decimal: return TypeFamily::Decimal;
      case TypeId::Real:
      case TypeId::Double: return TypeFamily::Float;
      case TypeId::Char:
      case TypeId::Varchar:
      case TypeId::Text: return TypeFamily::String;
      case TypeId::Date:
      case TypeId::Timestamp:
      case TypeId::TimestampTz: return TypeFamily::DateTime;
      default: return TypeFamily::Other;
   }
}

/// Whether kiln looks up values of `from` among values of `to` (their stored forms convert into
/// each other: the constraint checks compare stored values).
bool convertible(const SqlType& from, const SqlType& to) {
   switch (familyOf(from)) {
      case TypeFamily::Integer: return true;
      case TypeFamily::Decimal: return from.scale == to.scale;
      case TypeFamily::String: return (from.id == TypeId::Char) == (to.id == TypeId::Char) && (from.id != TypeId::Char || from.length == to.length);
      case TypeFamily::Float:
      case TypeFamily::DateTime: return from.id == to.id;
      case TypeFamily::Other: return from.id == to.id && from.element == to.element;
   }
   return false;
}

/// PostgreSQL's reading of a type family (Other: only the same type).
bool comparable(const SqlType& a, const SqlType& b) {
   TypeFamily family = familyOf(a);
   if (family != familyOf(b)) return false;
   return family != TypeFamily::Other || (a.id == b.id && a.element == b.element);
}

std::vector<std::string> namesOf(size_t n, PgQuery__Node** nodes) {
   std::vector<std::string> names;
   for (size_t i = 0; i < n; ++i) names.push_back(stringOf(nodes[i]));
   return names;
}

size_t columnOf(const KeyedTable& table, const std::string& name, int position) {
   for (size_t c = 0; c < table.columns.size(); ++c)
      if (table.columns[c].name == name) return c;
   throw Error("42703", "column \"" + name + "\" referenced in foreign key constraint does not exist", position);
}

}  // namespace

KeyedTable keyedTable(const Table& table) {
   KeyedTable keyed;
   keyed.name = table.name();
   for (size_t c = 0; c < table.columnCount(); ++c) keyed.columns.push_back({table.column(c).name(), table.column(c).type(), table.column(c).notNull(), {}});
   keyed.primaryKey = table.primaryKey();
   for (auto& index : table.uniqueIndexes()) keyed.uniqueKeys.push_back(index->columns());
   return keyed;
}

void refuseUnsupported(const PgQuery__Constraint& constraint) {
   int position = constraint.location + 1;
   if (constraint.fk_matchtype && *constraint.fk_matchtype && *constraint.fk_matchtype != 's')
      throw Error("0A000", "FOREIGN KEY ... MATCH FULL is not supported yet (only MATCH SIMPLE is)", position);
   if (constraint.deferrable || constraint.initdeferred) throw Error("0A000", "DEFERRABLE foreign keys are not supported yet", position);
   if (constraint.skip_validation) throw Error("0A000", "ALTER TABLE ... ADD CONSTRAINT ... FOREIGN KEY ... NOT VALID is not supported yet", position);
   if (constraint.n_fk_del_set_cols) throw Error("0A000", "ON DELETE SET NULL/SET DEFAULT (columns) is not supported yet", position);
   actionOf(constraint.fk_del_action, "ON DELETE", position);
   actionOf(constraint.fk_upd_action, "ON UPDATE", position);
}

std::vector<ForeignKey> bindForeignKeys(const std::vector<ForeignKeyDefinition>& definitions, const KeyedTable& child, const Catalog& catalog) {
   std::vector<ForeignKey> bound;
   if (definitions.empty()) return bound;
   std::set<std::string> taken = constraintNames(catalog);
   std::set<std::string> ofTable = constraintNamesOf(catalog.findTable(child.name));
   for (const ForeignKeyDefinition& definition : definitions) {
      const PgQuery__Constraint& constraint = *definition.constraint;
      int position = constraint.location + 1;
      refuseUnsupported(constraint);
      ForeignKey key;
      key.onDelete = actionOf(constraint.fk_del_action, "ON DELETE", position);
      key.onUpdate = actionOf(constraint.fk_upd_action, "ON UPDATE", position);
      // The parent: the table being made, or one in the catalog.
      key.parent = constraint.pktable->relname;
      KeyedTable parent;
      if (key.parent == child.name) {
         parent = child;
      } else if (const Table* table = catalog.findTable(key.parent)) {
         parent = keyedTable(*table);
      } else {
         if (catalog.findView(key.parent)) throw Error("42809", "referenced relation \"" + key.parent + "\" is not a table", constraint.pktable->location + 1);
         throw Error("42P01", "relation \"" + key.parent + "\" does not exist", constraint.pktable->location + 1);
      }
      key.columns = definition.column.empty() ? namesOf(constraint.n_fk_attrs, constraint.fk_attrs) : std::vector<std::string>{definition.column};
      std::vector<size_t> columns;
      for (const std::string& name : key.columns) columns.push_back(columnOf(child, name, position));
      std::vector<size_t> parentColumns;
      if (constraint.n_pk_attrs == 0) {
         if (parent.primaryKey.empty()) throw Error("42704", "there is no primary key for referenced table \"" + parent.name + "\"", position);
         parentColumns = parent.primaryKey;
         for (size_t c : parentColumns) key.parentColumns.push_back(parent.columns[c].name);
      } else {
         key.parentColumns = namesOf(constraint.n_pk_attrs, constraint.pk_attrs);
         for (const std::string& name : key.parentColumns) parentColumns.push_back(columnOf(parent, name, position));
         std::vector<size_t> sorted = parentColumns;
         std::sort(sorted.begin(), sorted.end());
         if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
            throw Error("42830", "foreign key referenced-columns list must not contain duplicates", position);
         bool matches = false;
         for (std::vector<size_t> unique : parent.uniqueKeys) {
            std::sort(unique.begin(), unique.end());
            matches = matches || unique == sorted;
         }
         if (!matches) throw Error("42830", "there is no unique constraint matching given keys for referenced table \"" + parent.name + "\"", position);
      }
      if (columns.size() != parentColumns.size()) throw Error("42830", "number of referencing and referenced columns for foreign key disagree", position);
      // The name, before the types are checked: their error names it.
      std::string given = constraint.conname ? constraint.conname : "";
      if (given.empty()) {
         std::string joined;
         for (const std::string& name : key.columns) joined += (joined.empty() ? "" : "_") + name;
         key.name = objectName(child.name, joined, "fkey");
         for (int pass = 1; taken.count(key.name); ++pass) key.name = objectName(child.name, joined, "fkey" + std::to_string(pass));
      } else {
         if (ofTable.count(given)) throw Error("42710", "constraint \"" + given + "\" for relation \"" + child.name + "\" already exists", position);
         key.name = given;
      }
      for (size_t i = 0; i < columns.size(); ++i) {
         const SqlType& from = child.columns[columns[i]].type;
         const SqlType& to = parent.columns[parentColumns[i]].type;
         if (!comparable(from, to))
            throw Error("42804",
                        "foreign key constraint \"" + key.name + "\" cannot be implemented: key columns \"" + key.columns[i] + "\" and \"" +
                           key.parentColumns[i] + "\" are of incompatible types: " + from.toString() + " and " + to.toString(),
                        position);
         if (!convertible(from, to) || !convertible(to, from))
            throw Error("0A000", "foreign keys between columns of types " + from.toString() + " and " + to.toString() + " are not supported yet", position);
      }
      taken.insert(key.name);
      ofTable.insert(key.name);
      bound.push_back(std::move(key));
   }
   return bound;
}

}  // namespace kiln
