#include "parser/schema_names.h"

#include <vector>

#include "kiln/kiln.h"
#include "parser/pg_parser.h"

namespace kiln {

namespace {

bool isPublic(const char* schema) { return !*schema || std::string(schema) == "public"; }

/// The relation a DDL statement creates, changes or indexes, if it is one.
const PgQuery__RangeVar* target(const PgQuery__Node& statement) {
   switch (statement.node_case) {
      case PG_QUERY__NODE__NODE_CREATE_STMT: return statement.create_stmt->relation;
      case PG_QUERY__NODE__NODE_INDEX_STMT: return statement.index_stmt->relation;
      case PG_QUERY__NODE__NODE_VIEW_STMT: return statement.view_stmt->view;
      case PG_QUERY__NODE__NODE_ALTER_TABLE_STMT: return statement.alter_table_stmt->relation;
      case PG_QUERY__NODE__NODE_CREATE_SEQ_STMT: return statement.create_seq_stmt->sequence;
      case PG_QUERY__NODE__NODE_ALTER_SEQ_STMT: return statement.alter_seq_stmt->sequence;
      case PG_QUERY__NODE__NODE_RENAME_STMT: return statement.rename_stmt->relation;
      case PG_QUERY__NODE__NODE_CREATE_TABLE_AS_STMT: return statement.create_table_as_stmt->into ? statement.create_table_as_stmt->into->rel : nullptr;
      case PG_QUERY__NODE__NODE_SELECT_STMT: return statement.select_stmt->into_clause ? statement.select_stmt->into_clause->rel : nullptr;
      default: return nullptr;
   }
}

std::string qualified(const PgQuery__RangeVar& relation) {
   std::string name = relation.relname;
   if (*relation.schemaname) name = std::string(relation.schemaname) + "." + name;
   if (*relation.catalogname) name = std::string(relation.catalogname) + "." + name;
   return name;
}

}  // namespace

void checkSchemas(const PgQuery__Node& statement) {
   const PgQuery__RangeVar* created = target(statement);
   visitMessages(reinterpret_cast<ProtobufCMessage*>(const_cast<PgQuery__Node*>(&statement)), [&](ProtobufCMessage& message) {
      if (message.descriptor != &pg_query__range_var__descriptor) return true;
      const auto& relation = reinterpret_cast<const PgQuery__RangeVar&>(message);
      if (*relation.catalogname) throw Error("0A000", "cross-database references are not implemented: \"" + qualified(relation) + "\"", relation.location + 1);
      if (isPublic(relation.schemaname)) return true;
      if (&relation == created) throw Error("3F000", "schema \"" + std::string(relation.schemaname) + "\" does not exist", relation.location + 1);
      throw Error("42P01", "relation \"" + qualified(relation) + "\" does not exist", relation.location + 1);
   });
}

bool inPublicSchema(const PgQuery__List& names, bool missingOk) {
   if (names.n_items < 2) return true;
   const PgQuery__Node& schema = *names.items[names.n_items - 2];
   std::string name = schema.node_case == PG_QUERY__NODE__NODE_STRING ? schema.string->sval : "";
   if (names.n_items > 2) throw Error("0A000", "cross-database references are not implemented");
   if (name == "public") return true;
   if (missingOk) return false;
   throw Error("3F000", "schema \"" + name + "\" does not exist");
}

void checkCreateSchema(const PgQuery__CreateSchemaStmt& create) {
   std::string name = *create.schemaname ? create.schemaname : "";
   if (name.empty()) throw Error("0A000", "CREATE SCHEMA AUTHORIZATION is not supported: kiln has one role and one schema, public");
   if (name == "public") {
      if (create.n_schema_elts) throw Error("0A000", "CREATE SCHEMA with elements is not supported yet");
      if (!create.if_not_exists) throw Error("42P06", "schema \"public\" already exists");
      return;
   }
   if (name.rfind("pg_", 0) == 0) throw Error("42939", "unacceptable schema name \"" + name + "\"", 0, "The prefix \"pg_\" is reserved for system schemas.");
   throw Error("0A000", "schemas other than public are not supported yet");
}

void checkDropSchema(const PgQuery__DropStmt& drop) {
   for (size_t i = 0; i < drop.n_objects; ++i) {
      const PgQuery__Node& object = *drop.objects[i];
      std::string name = object.node_case == PG_QUERY__NODE__NODE_STRING ? object.string->sval : "";
      if (name == "public") throw Error("0A000", "DROP SCHEMA public is not supported: kiln's tables are all in it");
      if (!drop.missing_ok) throw Error("3F000", "schema \"" + name + "\" does not exist");
   }
}

}  // namespace kiln
