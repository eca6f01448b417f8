#include "parser/column_definition_binder.h"
#include "parser/sequence_binder.h"

#include <optional>

#include "parser/expression_binder.h"
#include "parser/pg_parser.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

/// SERIAL, BIGSERIAL and SMALLSERIAL: an integer type whose column counts up by itself.
std::optional<SqlType> serialType(const PgQuery__TypeName& type) {
   if (type.n_names != 1 || type.n_array_bounds) return std::nullopt;
   std::string name = stringOf(type.names[0]);
   if (name == "serial" || name == "serial4") return SqlType::integer();
   if (name == "bigserial" || name == "serial8") return SqlType::bigInt();
   if (name == "smallserial" || name == "serial2") return SqlType::smallInt();
   return std::nullopt;
}

bool isSupported(const PgQuery__Constraint& c) {
   switch (c.contype) {
      case PG_QUERY__CONSTR_TYPE__CONSTR_NULL:
      case PG_QUERY__CONSTR_TYPE__CONSTR_NOTNULL:
      case PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY:
      case PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE:
      case PG_QUERY__CONSTR_TYPE__CONSTR_DEFAULT:
      case PG_QUERY__CONSTR_TYPE__CONSTR_CHECK:
      case PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN:
      case PG_QUERY__CONSTR_TYPE__CONSTR_IDENTITY: return true;
      default: return false;
   }
}

}  // namespace

std::string checkedDefault(const PgQuery__Node& expression, const ColumnInfo& column, const Catalog& catalog) {
   Scope none;
   IUSet scratch;
   ExpressionBinder binder(none, scratch, clauses::columnDefault);
   binder.resolveSequencesIn(catalog);
   ExprPtr value;
   try {
      value = binder.bind(expression);
   } catch (const Error& error) {
      if (error.sqlstate() != "42703") throw;
      throw Error("0A000", "cannot use column reference in DEFAULT expression", error.position());
   }
   if (!types::canAssign(value->type, column.type))
      throw Error("42804",
                  "column \"" + column.name + "\" is of type " + column.type.toString() + " but default expression is of type " + value->type.toString(),
                  value->position);
   ExpressionBinder::coerce(std::move(value), column.type);  // a literal that is no value of the type fails now, not at each INSERT
   return deparseExpression(expression);
}

ColumnDefinition bindColumnDefinition(const PgQuery__ColumnDef& def, const std::string& tableName, const Catalog& catalog) {
   ColumnDefinition result;
   ColumnDefault& columnDefault = result.columnDefault;
   std::optional<SqlType> serial = serialType(*def.type_name);
   ColumnInfo& column = result.column;
   column = ColumnInfo{def.colname, serial ? *serial : types::resolve(*def.type_name), def.is_not_null != 0 || serial, {}};
   if (serial) columnDefault.identity = Column::Identity::ByDefault;
   for (size_t c = 0; c < def.n_constraints; ++c) {
      const PgQuery__Constraint& constraint = *def.constraints[c]->constraint;
      if (!isSupported(constraint)) throw Error("0A000", "this column constraint is not supported yet", constraint.location + 1);
      if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_NOTNULL) column.notNull = true;
      if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY) {
         column.notNull = true;
         result.primaryKeyPosition = constraint.location + 1;
         if (constraint.conname) result.primaryKeyName = constraint.conname;
      }
      if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE) {
         result.unique = true;
         if (constraint.conname) result.uniqueName = constraint.conname;
      }
      if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_CHECK)
         result.checks.push_back({constraint.conname ? constraint.conname : "", constraint.raw_expr, constraint.location + 1});
      if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN) result.references.push_back(&constraint);
      if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_DEFAULT || constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_IDENTITY) {
         if (!columnDefault.sql.empty() || columnDefault.identity != Column::Identity::None)
            throw Error("42601", "multiple default values specified for column \"" + column.name + "\" of table \"" + tableName + "\"",
                        constraint.location + 1);
      }
      if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_DEFAULT) columnDefault.sql = checkedDefault(*constraint.raw_expr, column, catalog);
      if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_IDENTITY) {
         if (!column.type.isInteger()) throw Error("22023", "identity column type must be smallint, integer, or bigint", constraint.location + 1);
         bool always = constraint.generated_when && std::string(constraint.generated_when) == "a";
         columnDefault.identity = always ? Column::Identity::Always : Column::Identity::ByDefault;
         columnDefault.identityStart = identityStart(constraint.options, constraint.n_options, column.type.id);
         column.notNull = true;
      }
   }
   return result;
}

}  // namespace kiln
