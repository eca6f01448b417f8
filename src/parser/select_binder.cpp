#include "parser/select_binder.h"

#include <algorithm>
#include <numeric>

#include "parser/pg_parser.h"
#include "parser/statement.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

/// How sure a name is, as PostgreSQL's FigureColnameInternal ranks it: a cast's type name or
/// "case" give way to the name of what they are over.
enum class NameStrength { None, Guess, Sure };

/// The name PostgreSQL gives an output column without an alias, with how sure it is.
std::pair<std::string, NameStrength> figureName(const PgQuery__Node& node) {
   switch (node.node_case) {
      case PG_QUERY__NODE__NODE_TYPE_CAST: {
         // The type's last name as the grammar wrote it (int4 for int, float8 for double precision).
         auto inner = figureName(*node.type_cast->arg);
         const PgQuery__TypeName& type = *node.type_cast->type_name;
         if (inner.second != NameStrength::Sure && type.n_names > 0) return {stringOf(type.names[type.n_names - 1]), NameStrength::Guess};
         return inner;
      }
      case PG_QUERY__NODE__NODE_CASE_EXPR: {
         auto otherwise = node.case_expr->defresult ? figureName(*node.case_expr->defresult) : std::pair{std::string(), NameStrength::None};
         return otherwise.second == NameStrength::Sure ? otherwise : std::pair{std::string("case"), NameStrength::Guess};
      }
      default: {
         std::string name = outputName(node);
         return {name, name == "?column?" ? NameStrength::None : NameStrength::Sure};
      }
   }
}

}  // namespace

std::string outputName(const PgQuery__Node& node) {
   switch (node.node_case) {
      case PG_QUERY__NODE__NODE_TYPE_CAST:
      case PG_QUERY__NODE__NODE_CASE_EXPR: return figureName(node).first;
      case PG_QUERY__NODE__NODE_COLUMN_REF: return stringOf(node.column_ref->fields[node.column_ref->n_fields - 1]);
      case PG_QUERY__NODE__NODE_FUNC_CALL: return stringOf(node.func_call->funcname[node.func_call->n_funcname - 1]);
      case PG_QUERY__NODE__NODE_A_INDIRECTION: return outputName(*node.a_indirection->arg);
      case PG_QUERY__NODE__NODE_A_ARRAY_EXPR: return "array";
      case PG_QUERY__NODE__NODE_COALESCE_EXPR: return "coalesce";
      case PG_QUERY__NODE__NODE_GROUPING_FUNC: return "grouping";
      case PG_QUERY__NODE__NODE_MIN_MAX_EXPR: return node.min_max_expr->op == PG_QUERY__MIN_MAX_OP__IS_GREATEST ? "greatest" : "least";
      case PG_QUERY__NODE__NODE_A_EXPR:
         return node.a_expr->kind == PG_QUERY__A__EXPR__KIND__AEXPR_NULLIF ? "nullif" : "?column?";
      case PG_QUERY__NODE__NODE_SQLVALUE_FUNCTION:
         switch (node.sqlvalue_function->op) {
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIMESTAMP:
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIMESTAMP_N: return "current_timestamp";
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIMESTAMP:
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIMESTAMP_N: return "localtimestamp";
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIME:
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIME_N: return "localtime";
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIME:
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIME_N: return "current_time";
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_ROLE: return "current_role";
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_USER: return "current_user";
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_USER: return "user";
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_SESSION_USER: return "session_user";
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_CATALOG: return "current_catalog";
            case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_SCHEMA: return "current_schema";
            default: return "current_date";
         }
      case PG_QUERY__NODE__NODE_SUB_LINK:
         switch (node.sub_link->sub_link_type) {
            case PG_QUERY__SUB_LINK_TYPE__EXISTS_SUBLINK: return "exists";
            case PG_QUERY__SUB_LINK_TYPE__ARRAY_SUBLINK: return "array";
            case PG_QUERY__SUB_LINK_TYPE__EXPR_SUBLINK: {
               // The name of the subquery's one column (of its first SELECT, under UNION).
               const PgQuery__SelectStmt* select = node.sub_link->subselect->select_stmt;
               while (select->op != PG_QUERY__SET_OPERATION__SETOP_NONE) select = select->larg;
               if (select->n_values_lists) return "column1";
               if (!select->n_target_list) return "?column?";
               const PgQuery__ResTarget& first = *select->target_list[0]->res_target;
               return first.name && *first.name ? first.name : outputName(*first.val);
            }
            default: return "?column?";
         }
      default: return "?column?";
   }
}

bool isAStarRef(const PgQuery__Node& node) {
   if (node.node_case != PG_QUERY__NODE__NODE_COLUMN_REF) return false;
   const auto& ref = *node.column_ref;
   return ref.fields[ref.n_fields - 1]->node_case == PG_QUERY__NODE__NODE_A_STAR;
}

namespace {

/// Reads a LIMIT/OFFSET count: a non-negative integer literal, or nullopt for none / ALL.
std::optional<uint64_t> constantCount(const PgQuery__Node* node, const char* what, IUSet& ius) {
   if (!node) return std::nullopt;
   Scope empty;
   ExprPtr e = ExpressionBinder(empty, ius, clauses::limit).bind(*node);
   if (e->kind == ExprKind::Constant && e->constant.isNull) return std::nullopt;
   if (e->kind != ExprKind::Constant || !e->type.isInteger())
      throw Error("42804", std::string("argument of ") + what + " must be an integer constant", e->position);
   if (e->constant.integer < 0) throw Error(std::string(what) == "LIMIT" ? "2201W" : "2201X", std::string(what) + " must not be negative");
   return uint64_t(e->constant.integer);
}

}  // namespace

SortDirection sortDirection(const PgQuery__SortBy& sortBy) {
   if (sortBy.sortby_dir == PG_QUERY__SORT_BY_DIR__SORTBY_USING) throw Error("0A000", "ORDER BY ... USING is not supported", sortBy.location + 1);
   SortDirection d;
   d.descending = sortBy.sortby_dir == PG_QUERY__SORT_BY_DIR__SORTBY_DESC;
   d.nullsFirst = sortBy.sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_FIRST ||
                  (sortBy.sortby_nulls != PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_LAST && d.descending);
   return d;
}

SelectBinder::SelectBinder(const PgQuery__SelectStmt& select, const Catalog& catalog, IUSet& ius, const std::vector<ColumnInfo>* insertTargets,
                           const Scope* outer, const SelectBinder* enclosing)
   : select_(select), catalog_(catalog), ius_(ius), insertTargets_(insertTargets), enclosing_(enclosing) {
   scope_.setOuter(outer);
}

void SelectBinder::bindFrom() {
   if (select_.n_from_clause == 0) {
      // SELECT without FROM reads one empty row.
      auto values = std::make_unique<Values>();
      values->rows.emplace_back();
      root_ = std::move(values);
      return;
   }
   // FROM a, b, c: a chain of joins without condition; WHERE's conditions and the optimizer
   // turn them into real joins.
   for (size_t i = 0; i < select_.n_from_clause; ++i) {
      const PgQuery__Node& node = *select_.from_clause[i];
      if (node.node_case == PG_QUERY__NODE__NODE_RANGE_FUNCTION) {
         root_ = bindFunctionScan(*node.range_function, std::move(root_), 0);
         continue;
      }
      if (const PgQuery__RangeSubselect* lateral = lateralSubquery(node)) {
         bindLateral(*lateral, root_, 0, JoinKind::Inner, nullptr);
         continue;
      }
      auto item = node.node_case == PG_QUERY__NODE__NODE_RANGE_SUBSELECT ? bindDerivedTable(*node.range_subselect, true) : bindFromItem(node);
      if (!root_) {
         root_ = std::move(item);
         continue;
      }
      auto join = std::make_unique<Join>(JoinKind::Inner);
      join->children.push_back(std::move(root_));
      join->children.push_back(std::move(item));
      root_ = std::move(join);
   }
}

void SelectBinder::addToScope(const std::string& alias, const PgQuery__Alias* columnAliases, const std::vector<const IU*>& ius,
                              const std::vector<std::string>& names, int position) {
   if (scope_.hasTable(alias)) throw Error("42712", "table name \"" + alias + "\" specified more than once", position);
   size_t renamed = columnAliases ? columnAliases->n_colnames : 0;
   if (renamed > ius.size())
      throw Error("42P10", "table \"" + alias + "\" has " + std::to_string(ius.size()) + " columns available but " + std::to_string(renamed) +
                              " columns specified",
                  position);
   for (size_t c = 0; c < ius.size(); ++c) scope_.add(alias, c < renamed ? stringOf(columnAliases->colnames[c]) : names[c], ius[c]);
}

std::unique_ptr<Operator> SelectBinder::bindFromItem(const PgQuery__Node& item) {
   switch (item.node_case) {
      case PG_QUERY__NODE__NODE_RANGE_VAR: {
         const PgQuery__RangeVar& range = *item.range_var;
         if (auto workTable = *range.schemaname ? nullptr : bindRecursiveReference(range)) return workTable;
         if (const PgQuery__CommonTableExpr* cte = *range.schemaname ? nullptr : findCte(range.relname)) {
            // A CTE is bound where it is used (each use computes it); it sees the CTEs before it.
            const SelectBinder* owner = this;
            size_t index = 0;
            for (bool found = false; owner && !found; owner = found ? owner : owner->enclosing_) {
               const PgQuery__WithClause* with = owner->select_.with_clause;
               for (size_t i = 0; with && i < with->n_ctes && !found; ++i)
                  if (with->ctes[i]->common_table_expr == cte) found = true, index = i;
               if (found) break;
            }
            Bound bound;
            if (owner->select_.with_clause->recursive) {
               bound = bindRecursiveCte(*cte, owner, index);
            } else {
               SelectBinder inner(*cte->ctequery->select_stmt, catalog_, ius_, nullptr, nullptr, owner);
               inner.enclosingCtesVisible_ = index;
               bound = inner.bind();
            }
            if (cte->n_aliascolnames > bound.names.size())
               throw Error("42P10", "WITH query \"" + std::string(cte->ctename) + "\" has " + std::to_string(bound.names.size()) +
                                       " columns available but " + std::to_string(cte->n_aliascolnames) + " columns specified",
                           cte->location + 1);
            for (size_t c = 0; c < cte->n_aliascolnames; ++c) bound.names[c] = stringOf(cte->aliascolnames[c]);
            addToScope(range.alias ? range.alias->aliasname : range.relname, range.alias, bound.columns, bound.names, range.location + 1);
            return std::move(bound.root);
         }
         if (const View* view = catalog_.findView(range.relname)) {
            ParsedScript definition(view->definition);
            const PgQuery__ViewStmt& create = *definition.statement(0).view_stmt;
            // A view is bound anew where it is used: a column dropped or renamed since (ALTER TABLE)
            // is missing, and a `*` yields other columns than the view has.
            auto stale = [&] { return Error("0A000", "view \"" + view->name + "\" must be created again: a table it reads was altered", range.location + 1); };
            Bound bound;
            try {
               bound = SelectBinder(*create.query->select_stmt, catalog_, ius_, nullptr).bind();
            } catch (const Error& error) {
               if (error.sqlstate() == "42703") throw stale();
               throw;
            }
            if (bound.columns.size() != view->columnNames.size()) throw stale();
            addToScope(range.alias ? range.alias->aliasname : range.relname, range.alias, bound.columns, view->columnNames, range.location + 1);
            return std::move(bound.root);
         }
         Table* table = catalog_.findTable(range.relname);
         if (!table && catalog_.findSequence(range.relname))
            throw Error("0A000", "reading sequence \"" + std::string(range.relname) + "\" as a table is not supported yet (currval() reads it)", range.location + 1);
         if (!table) throw Error("42P01", "relation \"" + std::string(range.relname) + "\" does not exist", range.location + 1);
         auto scan = std::make_unique<TableScan>(table);
         std::vector<std::string> names;
         for (size_t c = 0; c < table->columnCount(); ++c) {
            const Column& column = table->column(c);
            scan->columns.push_back(ius_.make(column.type(), !column.notNull(), column.name()));
            names.push_back(column.name());
         }
         if (table == rowIdTable_ && !rowId_) {
            scan->rowId = rowId_ = ius_.make(SqlType::bigInt(), false, "row id");
            rowIdTableColumns_ = scan->columns;
         }
         addToScope(range.alias ? range.alias->aliasname : range.relname, range.alias, scan->columns, names, range.location + 1);
         return scan;
      }
      case PG_QUERY__NODE__NODE_RANGE_SUBSELECT: {
         const PgQuery__RangeSubselect& derived = *item.range_subselect;
         if (derived.lateral) {
            std::unique_ptr<Operator> nothing;
            bindLateral(derived, nothing, scope_.columns().size(), JoinKind::Inner, nullptr);
            return nothing;
         }
         return bindDerivedTable(derived, false);
      }
      case PG_QUERY__NODE__NODE_JOIN_EXPR: return bindJoin(*item.join_expr);
      case PG_QUERY__NODE__NODE_RANGE_FUNCTION: return bindFunctionScan(*item.range_function, nullptr, scope_.columns().size());
      default: throw Error("0A000", "this kind of FROM item is not supported yet");
   }
}

std::unique_ptr<Operator> SelectBinder::bindDerivedTable(const PgQuery__RangeSubselect& derived, bool directlyInFrom) {
   if (!derived.alias) throw Error("42601", "subquery in FROM must have an alias");
   SelectBinder inner(*derived.subquery->select_stmt, catalog_, ius_, nullptr, scope_.outer(), this);
   Bound bound = inner.bind();
   // Its conditions on the enclosing query's values are this query's: as if they were in WHERE.
   // Inside a JOIN they are not (an outer join keeps rows they would remove).
   if (bound.row || !bound.deferred.empty() || (!directlyInFrom && !bound.correlated.empty()))
      throw Error("0A000", std::string("a derived table ") + (directlyInFrom ? "" : "inside JOIN ") + "that reads the enclosing query's values this way is not supported yet");
   for (auto& condition : bound.correlated) correlated_.push_back(std::move(condition));
   addToScope(derived.alias->aliasname, derived.alias, bound.columns, bound.names, 0);
   // The derived table's outputs may repeat an IU (SELECT a, a): give each output its own.
   return std::move(bound.root);
}

void SelectBinder::bindValuesLists() {
   auto values = std::make_unique<Values>();
   Scope empty;
   std::vector<PendingJoin> joins;
   // Scalar subqueries (uncorrelated) are joined to the rows: their values are not the Values
   // operator's, so a Map above the joins computes the items that read them.
   ExpressionBinder binder(empty, ius_, clauses::values);
   binder.resolveSequencesIn(catalog_);
   binder.bindSubqueriesWith(subqueriesJoinedTo(joins));
   std::vector<std::vector<bool>> readsSubquery;
   size_t width = 0;
   for (size_t r = 0; r < select_.n_values_lists; ++r) {
      const PgQuery__List& list = *select_.values_lists[r]->list;
      if (r > 0 && list.n_items != width) throw Error("42601", "VALUES lists must all be the same length");
      width = list.n_items;
      std::vector<ExprPtr> row;
      readsSubquery.emplace_back();
      for (size_t c = 0; c < list.n_items; ++c) {
         const PgQuery__Node& item = *list.items[c];
         bool isDefault = item.node_case == PG_QUERY__NODE__NODE_SET_TO_DEFAULT;
         if (isDefault && (!insertDefault_ || !insertTargets_ || c >= insertTargets_->size()))
            throw Error("42601", "DEFAULT is not allowed in this context", item.set_to_default->location + 1);
         size_t joined = joins.size();
         row.push_back(isDefault ? insertDefault_(c, ius_) : binder.bind(item));
         readsSubquery.back().push_back(joins.size() > joined);
      }
      values->rows.push_back(std::move(row));
   }
   for (size_t c = 0; c < width; ++c) {
      SqlType type = SqlType::unknown();
      bool nullable = false;
      if (insertTargets_ && c < insertTargets_->size()) {
         // INSERT ... VALUES: each value is assigned to its column's type.
         const ColumnInfo& target = (*insertTargets_)[c];
         type = target.type;
         for (auto& row : values->rows) {
            if (!types::canAssign(row[c]->type, type))
               throw Error("42804", "column \"" + target.name + "\" is of type " + type.toString() + " but expression is of type " +
                                       row[c]->type.toString(),
                           row[c]->position);
            nullable |= row[c]->nullable;
         }
      }
      // Rows all of one type give it with its modifiers (a CHAR(4) column stays CHAR(4)), as
      // PostgreSQL's select_common_typmod: start from the first row's type, not unknown.
      if (!(insertTargets_ && c < insertTargets_->size()) && !values->rows.empty()) type = values->rows[0][c]->type;
      for (auto& row : values->rows) {
         if (insertTargets_ && c < insertTargets_->size()) break;
         auto common = types::common(type, row[c]->type);
         if (!common)
            throw Error("42804", "VALUES types " + type.toString() + " and " + row[c]->type.toString() + " cannot be matched", row[c]->position);
         type = *common;
         nullable |= row[c]->nullable;
      }
      if (type.id == TypeId::Unknown) type = SqlType::text();
      for (auto& row : values->rows) row[c] = ExpressionBinder::coerce(std::move(row[c]), type);
      std::string name = "column" + std::to_string(c + 1);
      const IU* iu = ius_.make(type, nullable, name);
      values->columns.push_back(iu);
      result_.columns.push_back(iu);
      result_.names.push_back(name);
   }
   if (joins.empty()) {
      root_ = std::move(values);
      return;
   }
   // Each row's number picks, in the Map, the items that read subqueries (NULL in the Values).
   const IU* rowNumber = ius_.make(SqlType::integer(), false, "row");
   values->columns.push_back(rowNumber);
   auto map = std::make_unique<Map>();
   for (size_t c = 0; c < width; ++c) {
      auto pick = std::make_unique<Expr>(ExprKind::Case, values->columns[c]->type);
      for (size_t r = 0; r < values->rows.size(); ++r) {
         if (!readsSubquery[r][c]) continue;
         ExprPtr& item = values->rows[r][c];
         pick->children.push_back(Expr::equality(Expr::columnRef(rowNumber), Expr::constantOf(Value::ofInteger(SqlType::integer(), int64_t(r)))));
         pick->children.push_back(std::move(item));
         item = Expr::constantOf(Value::null(values->columns[c]->type));
      }
      if (pick->children.empty()) continue;
      pick->children.push_back(Expr::columnRef(values->columns[c]));
      pick->hasElse = true;
      const IU* iu = ius_.make(values->columns[c]->type, true, values->columns[c]->name);
      map->computations.push_back({iu, std::move(pick)});
      result_.columns[c] = iu;
   }
   for (size_t r = 0; r < values->rows.size(); ++r) values->rows[r].push_back(Expr::constantOf(Value::ofInteger(SqlType::integer(), int64_t(r))));
   root_ = std::move(values);
   attach(joins);
   push(std::move(map));
}

void SelectBinder::expandTargets() {
   for (size_t i = 0; i < select_.n_target_list; ++i) {
      const PgQuery__ResTarget& target = *select_.target_list[i]->res_target;
      if (isAStarRef(*target.val)) {
         const PgQuery__ColumnRef& ref = *target.val->column_ref;
         std::string table = ref.n_fields == 2 ? stringOf(ref.fields[0]) : "";
         if (!table.empty() && !scope_.hasTable(table))
            throw Error("42P01", "missing FROM-clause entry for table \"" + table + "\"", ref.location + 1);
         if (scope_.columns().empty() && select_.n_from_clause == 0) throw Error("42601", "SELECT * with no tables specified is not valid", ref.location + 1);
         for (auto& column : scope_.columns())
            if ((table.empty() && !column.qualifiedOnly) || column.table == table) targets_.push_back({nullptr, column.iu, column.name, nullptr});
         continue;
      }
      targets_.push_back({target.val, nullptr, (target.name && *target.name) ? target.name : outputName(*target.val), nullptr});
   }
}

std::string SelectBinder::qualifiedName(const IU* iu) const {
   for (auto& c : scope_.columns())
      if (c.iu == iu) return c.table + "." + c.name;
   return iu->name;
}

ExprPtr SelectBinder::overGroups(ExprPtr e, const std::vector<Computation>& keys) {
   for (auto& key : keys)
      if (e->equals(*key.expression)) return Expr::columnRef(key.output);
   if (e->kind == ExprKind::ColumnRef) {
      // An enclosing query's value is one value per group too.
      if (aggregateOutputs_.count(e->iu) || scope_.isOuter(e->iu)) return e;
      throw Error("42803", "column \"" + qualifiedName(e->iu) + "\" must appear in the GROUP BY clause or be used in an aggregate function",
                  e->position);
   }
   for (auto& child : e->children) {
      bool wasNullable = child->nullable;
      child = overGroups(std::move(child), keys);
      // A key a grouping set lacks is NULL in its rows: what reads it may be NULL too (IS NULL
      // aside; conservatively for the rest).
      if (child->nullable && !wasNullable && e->kind != ExprKind::IsNull) e->nullable = true;
   }
   return e;
}

void SelectBinder::overGroupsInSubquery(Operator& op, const std::vector<std::pair<const Expr*, const IU*>>& keys,
                                        const std::vector<const IU*>& ungrouped) {
   // As in PostgreSQL, a subquery may read a key that is a column, not one that is an expression.
   std::function<ExprPtr(ExprPtr)> regroup = [&](ExprPtr e) -> ExprPtr {
      if (e->kind != ExprKind::ColumnRef) {
         for (auto& child : e->children) child = regroup(std::move(child));
         return e;
      }
      for (auto& [expression, output] : keys)
         if (e->equals(*expression)) return Expr::columnRef(output);
      if (std::find(ungrouped.begin(), ungrouped.end(), e->iu) != ungrouped.end())
         throw Error("42803", "subquery uses ungrouped column \"" + qualifiedName(e->iu) + "\" from outer query", e->position);
      return e;
   };
   // Only the operator's own expressions: its children are the subquery's, which reads no outer value.
   switch (op.kind) {
      case OperatorKind::Join: {
         auto& join = static_cast<Join&>(op);
         if (join.condition) join.condition = regroup(std::move(join.condition));
         break;
      }
      case OperatorKind::Map:
         for (auto& c : static_cast<Map&>(op).computations) c.expression = regroup(std::move(c.expression));
         break;
      case OperatorKind::Filter: {
         auto& filter = static_cast<Filter&>(op);
         filter.condition = regroup(std::move(filter.condition));
         break;
      }
      default: break;
   }
}

const IU* SelectBinder::materialize(ExprPtr e, const std::string& name) {
   if (e->kind == ExprKind::ColumnRef) return e->iu;
   for (auto& c : projection_->computations)
      if (c.expression->equals(*e)) return c.output;
   const IU* iu = ius_.make(e->type.id == TypeId::Unknown ? SqlType::text() : e->type, e->nullable, name);
   if (e->type.id == TypeId::Unknown) {
      e = ExpressionBinder::coerce(std::move(e), SqlType::text());
      untypedOutputs_.insert(iu);
   }
   projection_->computations.push_back({iu, std::move(e)});
   return iu;
}

SelectBinder::Bound SelectBinder::bind() {
   checkWithClause();
   if (select_.op != PG_QUERY__SET_OPERATION__SETOP_NONE) {
      bindSetOperation();
      return finishBinding();
   }
   if (select_.n_values_lists) {
      bindValuesLists();
      bindOutputOrderAndLimit();
      return finishBinding();
   }
   // The clauses are bound in PostgreSQL's order (it decides which error comes first), each by
   // a binder of its own (clause_rules.h); then they become operators in the order of evaluation.
   bindFrom();
   expandTargets();
   beforeAggregation_ = true;  // subqueries may join this query's input with domains (see domainOf)
   bindWhere();
   bindGroupBy();
   bindSelectList();
   bindHaving();
   bindOrderBy();
   bindDistinctOn();
   bindWindowDefinitions();
   beforeAggregation_ = false;

   if (std::optional<Bound> row = pushAggregation()) return std::move(*row);
   attach(lateJoins_);
   pushWindows(clauses_.calls.windows, clauses_.windowSpecs);
   // The select list's set-returning function: each row comes once per value of its series,
   // before DISTINCT, ORDER BY and LIMIT see them (as PostgreSQL's ProjectSet).
   if (clauses_.calls.setReturning) push(std::move(clauses_.calls.setReturning));
   Projection projection = pushProjection();
   pushDistinct(projection);
   pushOrderByAndLimit(std::move(projection.sortKeys));
   result_.columns = projection.outputs;
   for (auto& target : targets_) result_.names.push_back(target.name);
   if (rowId_) {
      result_.columns.push_back(rowId_);
      result_.names.push_back("row id");
   }
   return finishBinding();
}

void SelectBinder::checkWithClause() {
   if (!select_.with_clause) return;
   for (size_t i = 0; i < select_.with_clause->n_ctes; ++i) {
      const PgQuery__CommonTableExpr& a = *select_.with_clause->ctes[i]->common_table_expr;
      if (a.ctequery->node_case != PG_QUERY__NODE__NODE_SELECT_STMT)
         throw Error("0A000", "data-modifying statements in WITH are not supported yet", a.location + 1);
      for (size_t j = 0; j < i; ++j)
         if (std::string(a.ctename) == select_.with_clause->ctes[j]->common_table_expr->ctename)
            throw Error("42712", "WITH query name \"" + std::string(a.ctename) + "\" specified more than once", a.location + 1);
   }
}

void SelectBinder::bindSelectList() {
   ExpressionBinder binder = groupedClauseBinder(clauses::selectList);
   for (auto& target : targets_) target.bound = target.node ? binder.bind(*target.node) : Expr::columnRef(target.iu);
   const std::unique_ptr<Series>& setReturning = clauses_.calls.setReturning;
   if (setReturning && (!correlated_.empty() || scope_.outer()))
      throw Error("0A000", "a set-returning function in the select list of a subquery is not supported yet", setReturning->start->position);
}

void SelectBinder::bindHaving() {
   if (select_.having_clause) clauses_.having = groupedClauseBinder(clauses::having).bindCondition(*select_.having_clause, "HAVING");
   // The select list's aggregates and HAVING's.
   if (recursion_ && recursion_->referenced && !clauses_.calls.aggregates.empty())
      throw Error("42P19", "aggregate functions are not allowed in a recursive query's recursive term");
}

bool SelectBinder::OrderItem::same(const OrderItem& other) const {
   return target >= 0 ? target == other.target : other.target < 0 && expression->equals(*other.expression);
}

SelectBinder::OrderItem SelectBinder::bindOrderItem(const PgQuery__Node& node, const std::string& clause, ExpressionBinder& binder) {
   OrderItem item;
   if (node.node_case == PG_QUERY__NODE__NODE_A_CONST && node.a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
      int64_t position = node.a_const->ival->ival;
      if (position < 1 || size_t(position) > targets_.size())
         throw Error("42P10", clause + " position " + std::to_string(position) + " is not in select list", node.a_const->location + 1);
      item.target = int(position - 1);
   } else if (std::string name = bareColumnName(node); !name.empty()) {
      for (size_t t = 0; t < targets_.size() && item.target < 0; ++t)
         if (targets_[t].name == name) item.target = int(t);
   }
   if (item.target < 0) {
      item.expression = binder.bind(node);
      for (size_t t = 0; t < targets_.size() && item.target < 0; ++t)
         if (targets_[t].bound->equals(*item.expression)) item.target = int(t);
   }
   return item;
}

void SelectBinder::bindOrderBy() {
   ExpressionBinder binder = groupedClauseBinder(clauses::orderBy);
   for (size_t i = 0; i < select_.n_sort_clause; ++i) {
      const PgQuery__SortBy& sortBy = *select_.sort_clause[i]->sort_by;
      OrderItem item = bindOrderItem(*sortBy.node, "ORDER BY", binder);
      SortDirection direction = sortDirection(sortBy);
      item.descending = direction.descending;
      item.nullsFirst = direction.nullsFirst;
      clauses_.orderBy.push_back(std::move(item));
   }
}

bool SelectBinder::hasDistinctOn() const {
   // A plain DISTINCT has one empty item.
   return select_.n_distinct_clause > 0 && select_.distinct_clause[0] && select_.distinct_clause[0]->node_case != PG_QUERY__NODE__NODE__NOT_SET;
}

void SelectBinder::bindDistinctOn() {
   std::vector<OrderItem>& distinctOn = clauses_.distinctOn;
   if (hasDistinctOn()) {
      ExpressionBinder binder = groupedClauseBinder(clauses::distinctOn);
      for (size_t i = 0; i < select_.n_distinct_clause; ++i) distinctOn.push_back(bindOrderItem(*select_.distinct_clause[i], "DISTINCT ON", binder));
   }
   // As PostgreSQL: ORDER BY starts with the DISTINCT ON items (in any order), if at all.
   bool passedDistinctOn = false;
   for (const OrderItem& item : clauses_.orderBy) {
      bool member = std::any_of(distinctOn.begin(), distinctOn.end(), [&](const OrderItem& d) { return d.same(item); });
      if (member && passedDistinctOn) throw Error("42P10", "SELECT DISTINCT ON expressions must match initial ORDER BY expressions");
      passedDistinctOn |= !member;
   }
}

std::optional<SelectBinder::Bound> SelectBinder::pushAggregation() {
   std::vector<Computation>& keys = clauses_.groupKeys;
   std::vector<GroupingSet>& groupingSets = clauses_.groupingSets;
   std::vector<AggregateCall>& aggregates = clauses_.calls.aggregates;
   std::vector<GroupingCall>& groupings = clauses_.calls.groupings;
   ExprPtr& having = clauses_.having;
   if (!correlated_.empty() && (!groupingSets.empty() || !groupings.empty()))
      throw Error("0A000", "grouping sets and GROUPING() in a correlated subquery are not supported yet");
   // GROUPING() over a plain GROUP BY: its one set has all keys.
   if (!groupings.empty() && groupingSets.empty()) {
      groupingSets.emplace_back(keys.size());
      std::iota(groupingSets[0].begin(), groupingSets[0].end(), size_t(0));
   }
   aggregateOverDomains(aggregates);
   bool aggregateRow = !correlated_.empty() && keys.empty() && !aggregates.empty();
   // Only a correlated aggregate without GROUP BY, computed per outer row, can read outer values after grouping.
   if (having && !aggregateRow && isCorrelated(*having))
      throw Error("0A000", "an outer query's value in HAVING of a subquery is not supported yet here", having->position);
   std::vector<const IU*> counts;
   for (auto& a : aggregates)
      if (a.function == AggregateFunction::Count || a.function == AggregateFunction::CountStar) counts.push_back(a.output);
   size_t userKeys = keys.size();
   if (!correlated_.empty() && (!keys.empty() || !aggregates.empty())) decorrelateGroups(keys);
   if (aggregateRow)
      for (auto& key : keys) const_cast<IU*>(key.output)->nullable = true;  // NULL for outer rows without a group
   attach(clauses_.aggregateInputJoins);
   if (keys.empty() && aggregates.empty() && !having && groupingSets.empty()) return std::nullopt;
   std::vector<const IU*> ungrouped = producedIUs(*root_);
   readGroups();
   // The subqueries joined above the aggregation read the grouping keys' values: GROUP BY's,
   // not those added for this query's correlation, except domains of values two levels out.
   std::vector<std::pair<const Expr*, const IU*>> readable;
   for (size_t k = 0; k < keys.size(); ++k) {
      const Expr& key = *keys[k].expression;
      bool domain = key.kind == ExprKind::ColumnRef && std::any_of(domains_.begin(), domains_.end(), [&](auto& d) { return d.second == key.iu; });
      if (k < userKeys || domain) readable.emplace_back(&key, keys[k].output);
   }
   auto orders = aggregateOrders(aggregates);
   if (orders.size() > 1) {
      if (!groupingSets.empty()) throw Error("0A000", "aggregates with different ORDER BY over grouping sets are not supported yet");
      aggregateByOrders(keys, aggregates, orders);
   } else if (groupingSets.empty()) {
      if (!orders.empty()) sortAggregateInput(aggregates, *orders[0]);
      auto aggregate = std::make_unique<Aggregate>();
      aggregate->keys = std::move(keys);  // their expressions stay where `readable` points
      aggregate->aggregates = std::move(aggregates);
      push(std::move(aggregate));
   } else {
      if (!orders.empty()) sortAggregateInput(aggregates, *orders[0]);
      aggregateByGroupingSets(keys, aggregates, groupingSets, groupings);
   }
   for (auto& pending : lateJoins_) overGroupsInSubquery(*pending.op, readable, ungrouped);
   if (aggregateRow) {
      if (!clauses_.calls.windows.empty())
         throw Error("0A000", "window functions over a correlated aggregate are not supported yet", clauses_.calls.windows[0].position);
      auto limit = constantCount(select_.limit_count, "LIMIT", ius_);
      auto offset = constantCount(select_.limit_offset, "OFFSET", ius_);
      return bindAggregateRow(std::move(having), counts, (limit && *limit == 0) || (offset && *offset > 0));
   }
   attach(lateJoins_);
   if (having) {
      auto filter = std::make_unique<Filter>();
      filter->condition = std::move(having);
      push(std::move(filter));
   }
   return std::nullopt;
}

void SelectBinder::readGroups() {
   const std::vector<Computation>& keys = clauses_.groupKeys;
   CollectedCalls& calls = clauses_.calls;
   for (auto& a : calls.aggregates) aggregateOutputs_.insert(a.output);
   for (const IU* iu : lateValues_) aggregateOutputs_.insert(iu);
   for (auto& call : calls.windows) aggregateOutputs_.insert(call.output);
   for (auto& call : calls.groupings) aggregateOutputs_.insert(call.output);
   if (calls.setReturning) aggregateOutputs_.insert(calls.setReturning->output);
   for (auto& target : targets_) target.bound = overGroups(std::move(target.bound), keys);
   // Window functions read the groups, like the select list.
   for (auto& call : calls.windows)
      for (auto& argument : call.arguments)
         if (argument) argument = overGroups(std::move(argument), keys);
   for (auto& spec : clauses_.windowSpecs) {
      for (auto& e : spec.partitionBy) e = overGroups(std::move(e), keys);
      for (auto& e : spec.orderBy) e = overGroups(std::move(e), keys);
   }
   if (clauses_.having) clauses_.having = overGroups(std::move(clauses_.having), keys);
   if (calls.setReturning) {
      calls.setReturning->start = overGroups(std::move(calls.setReturning->start), keys);
      if (calls.setReturning->stop) calls.setReturning->stop = overGroups(std::move(calls.setReturning->stop), keys);
   }
   for (auto& item : clauses_.orderBy)
      if (item.expression) item.expression = overGroups(std::move(item.expression), keys);
   for (auto& item : clauses_.distinctOn)
      if (item.expression) item.expression = overGroups(std::move(item.expression), keys);
}

SelectBinder::Projection SelectBinder::pushProjection() {
   // INSERT ... SELECT and UPDATE: each value is assigned to its column's type, like a literal.
   if (insertTargets_) {
      for (size_t i = 0; i < targets_.size() && i < insertTargets_->size(); ++i) {
         const ColumnInfo& column = (*insertTargets_)[i];
         ExprPtr& value = targets_[i].bound;
         if (!types::canAssign(value->type, column.type))
            throw Error("42804", "column \"" + column.name + "\" is of type " + column.type.toString() + " but expression is of type " +
                                    value->type.toString(),
                        value->position);
         value = ExpressionBinder::coerce(std::move(value), column.type);
      }
   }
   Projection projection;
   std::vector<const IU*>& outputs = projection.outputs;
   bool distinct = select_.n_distinct_clause > 0;
   for (size_t t = 0; t < targets_.size(); ++t) {
      ExprPtr& value = targets_[t].bound;
      if (scope_.outer() && isCorrelated(*value)) {
         // It reads the enclosing query's values: the enclosing query computes it, above its join
         // with this query, from the values of this query it reads (which stay in the output).
         if (distinct) throw Error("0A000", "SELECT DISTINCT of an outer query's value in a subquery is not supported yet", value->position);
         result_.deferred.resize(targets_.size());
         result_.deferred[t] = std::move(value);
         outputs.push_back(nullptr);
         continue;
      }
      outputs.push_back(materialize(std::move(value), targets_[t].name));
   }
   auto readsOuterValue = [&](const OrderItem& item) {
      return (item.target >= 0 && !outputs[size_t(item.target)]) || (item.target < 0 && scope_.outer() && isCorrelated(*item.expression));
   };
   for (auto& item : clauses_.distinctOn) {
      if (readsOuterValue(item)) throw Error("0A000", "DISTINCT ON an outer query's value in a subquery is not supported yet");
      projection.distinctOnKeys.push_back(item.target >= 0 ? outputs[size_t(item.target)] : materialize(std::move(item.expression), "distinct on"));
   }
   for (auto& item : clauses_.orderBy) {
      if (item.target < 0 && distinct && !hasDistinctOn())
         throw Error("42P10", "for SELECT DISTINCT, ORDER BY expressions must appear in select list", item.expression->position);
      if (readsOuterValue(item)) throw Error("0A000", "ORDER BY an outer query's value in a subquery is not supported yet");
      const IU* iu = item.target >= 0 ? outputs[size_t(item.target)] : materialize(std::move(item.expression), "order");
      projection.sortKeys.push_back({iu, item.descending, item.nullsFirst});
   }
   if (!projection_->computations.empty()) push(std::move(projection_));
   return projection;
}

void SelectBinder::pushDistinct(Projection& projection) {
   if (hasDistinctOn()) {
      if (!correlated_.empty()) throw Error("0A000", "SELECT DISTINCT ON in a correlated subquery is not supported yet");
      // The first row of each group: ORDER BY starts with the group's keys, its other keys
      // order the group's rows.
      std::vector<SortKey> withinGroup;
      for (const SortKey& key : projection.sortKeys)
         if (std::find(projection.distinctOnKeys.begin(), projection.distinctOnKeys.end(), key.iu) == projection.distinctOnKeys.end())
            withinGroup.push_back(key);
      limitPerPartition(projection.distinctOnKeys, withinGroup, 1, std::nullopt);
      return;
   }
   if (select_.n_distinct_clause == 0) return;
   auto aggregate = std::make_unique<Aggregate>();
   std::vector<const IU*> distinctOutputs;
   for (const IU* iu : projection.outputs) {
      auto existing = std::find_if(aggregate->keys.begin(), aggregate->keys.end(), [&](auto& k) { return k.expression->iu == iu; });
      if (existing != aggregate->keys.end()) {
         distinctOutputs.push_back(existing->output);
         continue;
      }
      const IU* output = ius_.make(iu->type, iu->nullable, iu->name);
      aggregate->keys.push_back({output, Expr::columnRef(iu)});
      distinctOutputs.push_back(output);
   }
   for (auto& key : projection.sortKeys)
      for (size_t i = 0; i < projection.outputs.size(); ++i)
         if (key.iu == projection.outputs[i]) {
            key.iu = distinctOutputs[i];
            break;
         }
   projection.outputs = distinctOutputs;
   // A correlated subquery's rows are distinct per outer row: by its side of each correlation too.
   if (!correlated_.empty()) decorrelateGroups(aggregate->keys);
   push(std::move(aggregate));
}

void SelectBinder::pushOrderByAndLimit(std::vector<SortKey> sortKeys) {
   auto limit = constantCount(select_.limit_count, "LIMIT", ius_);
   auto offset = constantCount(select_.limit_offset, "OFFSET", ius_);
   if ((limit || offset) && !correlated_.empty()) {
      // Counted per outer row (not needed for EXISTS when some rows stay); the order of the rows
      // is the enclosing query's.
      bool keepsSome = (!limit || *limit > 0) && (!offset || *offset == 0);
      if (use_ != SubqueryUse::Existence || !keepsSome) limitPerCorrelation(sortKeys, limit, offset);
      sortKeys.clear();
      limit = offset = std::nullopt;
   }
   if (!sortKeys.empty()) {
      auto sort = std::make_unique<Sort>();
      sort->keys = std::move(sortKeys);
      push(std::move(sort));
   }
   if (limit || offset) {
      auto op = std::make_unique<Limit>();
      if (limit) op->limit = *limit;
      if (offset) op->offset = *offset;
      push(std::move(op));
   }
}

SelectBinder::Bound SelectBinder::finishBinding() {
   if (compared_) compareOutput();
   // A value of its rows per outer row: the rows of one outer row must be a group of their own
   // (see bindScalarSubquery).
   if (use_ == SubqueryUse::Value) correlateThroughDomains();
   result_.root = std::move(root_);
   result_.correlated = std::move(correlated_);
   for (const IU* column : result_.columns) result_.untyped.push_back(untypedOutputs_.count(column) > 0);
   return std::move(result_);
}

void SelectBinder::bindSetOperation() {
   const char* name = select_.op == PG_QUERY__SET_OPERATION__SETOP_UNION ? "UNION" : select_.op == PG_QUERY__SET_OPERATION__SETOP_INTERSECT ? "INTERSECT" : "EXCEPT";
   Bound sides[2] = {SelectBinder(*select_.larg, catalog_, ius_, nullptr, scope_.outer(), this).bind(),
                     SelectBinder(*select_.rarg, catalog_, ius_, nullptr, scope_.outer(), this).bind()};
   for (auto& side : sides)
      if (!side.correlated.empty() || !side.deferred.empty()) throw Error("0A000", std::string("correlated ") + name + " subqueries are not supported yet");
   if (sides[0].columns.size() != sides[1].columns.size())
      throw Error("42601", std::string("each ") + name + " query must have the same number of columns");
   // Both sides are converted to the columns' common types; an untyped literal takes the other side's.
   auto typeOf = [&](size_t side, size_t c) {
      bool untyped = c < sides[side].untyped.size() && sides[side].untyped[c];
      return untyped ? SqlType::unknown() : sides[side].columns[c]->type;
   };
   std::vector<SqlType> types;
   for (size_t c = 0; c < sides[0].columns.size(); ++c) {
      auto common = types::common(typeOf(0, c), typeOf(1, c));
      if (!common)
         throw Error("42804", std::string(name) + " types " + sides[0].columns[c]->type.toString() + " and " +
                                 sides[1].columns[c]->type.toString() + " cannot be matched");
      types.push_back(common->id == TypeId::Unknown ? SqlType::text() : *common);
   }
   bool setDifference = select_.op != PG_QUERY__SET_OPERATION__SETOP_UNION;
   auto unionAll = std::make_unique<UnionAll>();
   for (size_t s = 0; s < 2; ++s) {
      auto map = std::make_unique<Map>();
      std::vector<const IU*> inputs;
      for (size_t c = 0; c < types.size(); ++c) {
         // An untyped literal, made text, is read as a value of the column's type ('a' as an
         // integer fails, 22P02, as in PostgreSQL).
         bool untyped = typeOf(s, c).id == TypeId::Unknown && types[c].id != TypeId::Text;
         ExprPtr value = untyped ? ExpressionBinder::cast(Expr::columnRef(sides[s].columns[c]), types[c], 0)
                                 : ExpressionBinder::coerce(Expr::columnRef(sides[s].columns[c]), types[c]);
         if (value->kind == ExprKind::ColumnRef) {
            inputs.push_back(value->iu);
            continue;
         }
         const IU* iu = ius_.make(types[c], value->nullable, sides[s].names[c]);
         map->computations.push_back({iu, std::move(value)});
         inputs.push_back(iu);
      }
      if (setDifference) {
         // INTERSECT and EXCEPT count, per distinct row, how often it came from each side: a tag
         // per side, NULL on the other side's rows.
         for (size_t t = 0; t < 2; ++t) {
            const IU* tag = ius_.make(SqlType::integer(), s != t, t == 0 ? "from left" : "from right");
            map->computations.push_back({tag, Expr::constantOf(s == t ? Value::ofInteger(SqlType::integer(), 1) : Value::null(SqlType::integer()))});
            inputs.push_back(tag);
         }
      }
      std::unique_ptr<Operator> input = std::move(sides[s].root);
      if (!map->computations.empty()) {
         map->children.push_back(std::move(input));
         input = std::move(map);
      }
      unionAll->children.push_back(std::move(input));
      unionAll->inputs.push_back(std::move(inputs));
   }
   for (size_t c = 0; c < unionAll->inputs[0].size(); ++c) {
      const IU* a = unionAll->inputs[0][c];
      unionAll->columns.push_back(ius_.make(a->type, a->nullable || unionAll->inputs[1][c]->nullable, c < types.size() ? sides[0].names[c] : a->name));
   }
   std::vector<const IU*> outputs(unionAll->columns.begin(), unionAll->columns.begin() + long(types.size()));
   std::vector<const IU*> tags(unionAll->columns.begin() + long(types.size()), unionAll->columns.end());
   root_ = std::move(unionAll);
   if (!select_.all || setDifference) {
      // Duplicates go (NULLs count as equal, as in GROUP BY); for INTERSECT/EXCEPT the sides too.
      auto distinct = std::make_unique<Aggregate>();
      std::vector<const IU*> distinctOutputs;
      for (const IU* iu : outputs) {
         const IU* key = ius_.make(iu->type, iu->nullable, iu->name);
         distinct->keys.push_back({key, Expr::columnRef(iu)});
         distinctOutputs.push_back(key);
      }
      std::vector<const IU*> counts;
      for (const IU* tag : tags) {
         const IU* count = ius_.make(SqlType::bigInt(), false, tag->name);
         distinct->aggregates.push_back({AggregateFunction::Count, Expr::columnRef(tag), count});
         counts.push_back(count);
      }
      push(std::move(distinct));
      outputs = distinctOutputs;
      bool intersect = select_.op == PG_QUERY__SET_OPERATION__SETOP_INTERSECT;
      if (setDifference && !select_.all) {
         auto seenOn = [&](size_t side, CompareOp op) {
            auto e = std::make_unique<Expr>(ExprKind::Comparison, SqlType::boolean());
            e->op = uint8_t(op);
            e->nullable = false;
            e->children.push_back(Expr::columnRef(counts[side]));
            e->children.push_back(Expr::constantOf(Value::ofInteger(SqlType::bigInt(), 0)));
            return e;
         };
         auto filter = std::make_unique<Filter>();
         filter->condition = std::make_unique<Expr>(ExprKind::And, SqlType::boolean());
         filter->condition->nullable = false;
         filter->condition->children.push_back(seenOn(0, CompareOp::Gt));
         filter->condition->children.push_back(seenOn(1, intersect ? CompareOp::Gt : CompareOp::Eq));
         push(std::move(filter));
      } else if (setDifference) {
         // Multisets: a row m times on the left and n times on the right comes min(m, n) times
         // out of INTERSECT ALL, m - n times (if positive) out of EXCEPT ALL.
         ExprPtr copies;
         if (intersect) {
            auto fewer = std::make_unique<Expr>(ExprKind::Comparison, SqlType::boolean());
            fewer->op = uint8_t(CompareOp::Lt);
            fewer->nullable = false;
            fewer->children.push_back(Expr::columnRef(counts[0]));
            fewer->children.push_back(Expr::columnRef(counts[1]));
            copies = std::make_unique<Expr>(ExprKind::Case, SqlType::bigInt());
            copies->hasElse = true;
            copies->nullable = false;
            copies->children.push_back(std::move(fewer));
            copies->children.push_back(Expr::columnRef(counts[0]));
            copies->children.push_back(Expr::columnRef(counts[1]));
         } else {
            copies = std::make_unique<Expr>(ExprKind::Arithmetic, SqlType::bigInt());
            copies->op = uint8_t(ArithOp::Sub);
            copies->nullable = false;
            copies->children.push_back(Expr::columnRef(counts[0]));
            copies->children.push_back(Expr::columnRef(counts[1]));
         }
         auto series = std::make_unique<Series>();
         series->start = Expr::constantOf(Value::ofInteger(SqlType::bigInt(), 1));
         series->stop = std::move(copies);
         series->output = ius_.make(SqlType::bigInt(), false, "copy");
         push(std::move(series));
      }
   }
   result_.columns = outputs;
   result_.names = sides[0].names;
   bindOutputOrderAndLimit();
}

void SelectBinder::bindOutputOrderAndLimit() {
   std::vector<SortKey> keys;
   for (size_t i = 0; i < select_.n_sort_clause; ++i) {
      const PgQuery__SortBy& sortBy = *select_.sort_clause[i]->sort_by;
      const PgQuery__Node& node = *sortBy.node;
      int column = -1;
      if (node.node_case == PG_QUERY__NODE__NODE_A_CONST && node.a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
         int64_t position = node.a_const->ival->ival;
         if (position < 1 || size_t(position) > result_.columns.size())
            throw Error("42P10", "ORDER BY position " + std::to_string(position) + " is not in select list", node.a_const->location + 1);
         column = int(position - 1);
      } else if (std::string name = bareColumnName(node); !name.empty()) {
         for (size_t c = 0; c < result_.names.size() && column < 0; ++c)
            if (result_.names[c] == name) column = int(c);
         if (column < 0) throw Error("42703", "column \"" + name + "\" does not exist", node.column_ref->location + 1);
      } else {
         throw Error("0A000", "ORDER BY of UNION/INTERSECT/EXCEPT may name only result columns", sortBy.location + 1);
      }
      bool descending = sortBy.sortby_dir == PG_QUERY__SORT_BY_DIR__SORTBY_DESC;
      bool nullsFirst = sortBy.sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_FIRST ||
                        (sortBy.sortby_nulls != PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_LAST && descending);
      keys.push_back({result_.columns[size_t(column)], descending, nullsFirst});
   }
   if (!keys.empty()) {
      auto sort = std::make_unique<Sort>();
      sort->keys = std::move(keys);
      push(std::move(sort));
   }
   auto limit = constantCount(select_.limit_count, "LIMIT", ius_);
   auto offset = constantCount(select_.limit_offset, "OFFSET", ius_);
   if (limit || offset) {
      auto op = std::make_unique<Limit>();
      if (limit) op->limit = *limit;
      if (offset) op->offset = *offset;
      push(std::move(op));
   }
}

void SelectBinder::attach(std::unique_ptr<Operator>& input, std::vector<PendingJoin>& joins) {
   for (auto& pending : joins) {
      pending.op->children.insert(pending.op->children.begin(), std::move(input));
      input = std::move(pending.op);
   }
   joins.clear();
}

ExpressionBinder::SubqueryCallback SelectBinder::subqueriesJoinedTo(std::vector<PendingJoin>& joins, std::vector<PendingJoin>* aggregateInputJoins) {
   return [this, &joins, aggregateInputJoins](const PgQuery__SubLink& sublink, std::vector<ExprPtr> left, bool insideAggregate) {
      auto& into = insideAggregate && aggregateInputJoins ? *aggregateInputJoins : joins;
      std::vector<ExprPtr> value;
      if (!left.empty()) value.push_back(bindQuantifiedValue(sublink, std::move(left), into));
      else if (sublink.sub_link_type == PG_QUERY__SUB_LINK_TYPE__EXISTS_SUBLINK) value.push_back(bindExistsValue(sublink, into));
      else if (sublink.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ARRAY_SUBLINK) value.push_back(bindArraySubquery(sublink, into));
      else value = bindScalarSubquery(sublink, into);
      return value;
   };
}

ExpressionBinder SelectBinder::clauseBinder(const ClauseRules& clause, std::vector<PendingJoin>* joins) {
   ExpressionBinder binder(scope_, ius_, clause);
   binder.resolveSequencesIn(catalog_);
   if (clause.allows(Subqueries)) binder.bindSubqueriesWith(subqueriesJoinedTo(*joins));
   return binder;
}

ExpressionBinder SelectBinder::groupedClauseBinder(const ClauseRules& clause) {
   ExpressionBinder binder(scope_, ius_, clause, &clauses_.calls);
   binder.resolveSequencesIn(catalog_);
   if (clause.allows(Subqueries)) binder.bindSubqueriesWith(subqueriesJoinedTo(lateJoins_, &clauses_.aggregateInputJoins));
   return binder;
}

void SelectBinder::bindWhere() {
   if (!select_.where_clause) return;
   // Conjunct by conjunct: EXISTS/IN subqueries become joins, correlated conditions of a subquery
   // go to the join that replaces it, the rest is this query's filter.
   std::vector<const PgQuery__Node*> conjuncts{select_.where_clause};
   for (size_t i = 0; i < conjuncts.size();) {
      const PgQuery__Node* c = conjuncts[i];
      if (c->node_case == PG_QUERY__NODE__NODE_BOOL_EXPR && c->bool_expr->boolop == PG_QUERY__BOOL_EXPR_TYPE__AND_EXPR) {
         conjuncts.erase(conjuncts.begin() + long(i));
         conjuncts.insert(conjuncts.begin() + long(i), c->bool_expr->args, c->bool_expr->args + c->bool_expr->n_args);
         continue;
      }
      ++i;
   }
   std::vector<ExprPtr> filters;
   std::vector<PendingJoin> joins;
   for (const PgQuery__Node* conjunct : conjuncts) {
      if (bindSubqueryConjunct(*conjunct)) continue;
      ExprPtr e = clauseBinder(clauses::where, &joins).bindCondition(*conjunct, conjuncts.size() > 1 ? "AND" : "WHERE");
      if (isCorrelated(*e))
         correlated_.push_back(std::move(e));
      else
         filters.push_back(std::move(e));
   }
   attach(joins);
   if (filters.empty()) return;
   auto filter = std::make_unique<Filter>();
   if (filters.size() == 1) {
      filter->condition = std::move(filters[0]);
   } else {
      filter->condition = std::make_unique<Expr>(ExprKind::And, SqlType::boolean());
      for (auto& f : filters) {
         filter->condition->nullable |= f->nullable;
         filter->condition->children.push_back(std::move(f));
      }
   }
   push(std::move(filter));
}

const PgQuery__CommonTableExpr* SelectBinder::findCte(const std::string& name) const { return findCte(name, SIZE_MAX); }

const PgQuery__CommonTableExpr* SelectBinder::findCte(const std::string& name, size_t visible) const {
   if (select_.with_clause)
      for (size_t i = 0; i < select_.with_clause->n_ctes && i < visible; ++i) {
         const PgQuery__CommonTableExpr& cte = *select_.with_clause->ctes[i]->common_table_expr;
         if (name == cte.ctename) return &cte;
      }
   return enclosing_ ? enclosing_->findCte(name, enclosingCtesVisible_) : nullptr;
}

std::unique_ptr<QueryPlan> bindSelect(const PgQuery__SelectStmt& select, const Catalog& catalog, const std::vector<ColumnInfo>* targets,
                                      const std::vector<SqlType>& parameterTypes, const InsertDefault& insertDefault) {
   auto plan = std::make_unique<QueryPlan>();
   for (size_t i = 0; i < parameterTypes.size(); ++i) plan->ius.parameter(i + 1) = parameterTypes[i];
   SelectBinder binder(select, catalog, plan->ius, targets);
   binder.setInsertDefault(insertDefault);
   auto bound = binder.bind();
   plan->root = std::move(bound.root);
   plan->columns = std::move(bound.columns);
   plan->columnNames = std::move(bound.names);
   return plan;
}

}  // namespace kiln
