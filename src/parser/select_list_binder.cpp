// The select list and what follows it: the outputs and their names, DISTINCT and DISTINCT ON,
// ORDER BY, LIMIT and OFFSET.
#include <algorithm>

#include "algebra/literal_slots.h"
#include "parser/select_binder.h"
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
      case PG_QUERY__NODE__NODE_A_EXPR: return node.a_expr->kind == PG_QUERY__A__EXPR__KIND__AEXPR_NULLIF ? "nullif" : "?column?";
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
   if (e->kind == ExprKind::Constant && e->constant().isNull) return std::nullopt;
   if (e->kind != ExprKind::Constant || !e->type.isInteger())
      throw Error("42804", std::string("argument of ") + what + " must be an integer constant", e->position);
   if (e->constant().integer < 0) throw Error(std::string(what) == "LIMIT" ? "2201W" : "2201X", std::string(what) + " must not be negative");
   return uint64_t(e->constant().integer);
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

void SelectBinder::expandTargets() {
   for (size_t i = 0; i < select_.n_target_list; ++i) {
      const PgQuery__ResTarget& target = *select_.target_list[i]->res_target;
      if (isAStarRef(*target.val)) {
         const PgQuery__ColumnRef& ref = *target.val->column_ref;
         std::string table = ref.n_fields == 2 ? stringOf(ref.fields[0]) : "";
         if (!table.empty() && !scope_.hasTable(table)) throw Error("42P01", "missing FROM-clause entry for table \"" + table + "\"", ref.location + 1);
         if (scope_.columns().empty() && select_.n_from_clause == 0) throw Error("42601", "SELECT * with no tables specified is not valid", ref.location + 1);
         for (auto& column : scope_.columns())
            if ((table.empty() && !column.qualifiedOnly) || column.table == table) targets_.push_back({nullptr, column.iu, column.name, nullptr});
         continue;
      }
      targets_.push_back({target.val, nullptr, (target.name && *target.name) ? target.name : outputName(*target.val), nullptr});
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

void SelectBinder::bindSelectList() {
   ExpressionBinder binder = groupedClauseBinder(clauses::selectList);
   for (auto& target : targets_) target.bound = target.node ? binder.bind(*target.node) : Expr::columnRef(target.iu);
   const std::unique_ptr<Series>& setReturning = clauses_.calls.setReturning;
   if (setReturning && (!correlated_.empty() || scope_.outer()))
      throw Error("0A000", "a set-returning function in the select list of a subquery is not supported yet", setReturning->start->position);
}

bool SelectBinder::OrderItem::same(const OrderItem& other) const {
   return target >= 0 ? target == other.target : other.target < 0 && expression->equals(*other.expression);
}

SelectBinder::OrderItem SelectBinder::bindOrderItem(const PgQuery__Node& node, const std::string& clause, ExpressionBinder& binder) {
   OrderItem item;
   if (node.node_case == PG_QUERY__NODE__NODE_A_CONST && node.a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
      int64_t position = node.a_const->ival->ival;
      LiteralSlots::readFromTree(node.a_const);
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

SelectBinder::Projection SelectBinder::pushProjection() {
   // INSERT ... SELECT and UPDATE: each value is assigned to its column's type, like a literal.
   if (insertTargets_) {
      for (size_t i = 0; i < targets_.size() && i < insertTargets_->size(); ++i) {
         const ColumnInfo& column = (*insertTargets_)[i];
         ExprPtr& value = targets_[i].bound;
         if (!types::canAssign(value->type, column.type))
            throw Error("42804", "column \"" + column.name + "\" is of type " + column.type.toString() + " but expression is of type " + value->type.toString(),
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
   LimitAndOffset limits = bindLimit();
   if ((limits.limit || limits.offset) && !correlated_.empty()) {
      // Counted per outer row (not needed for EXISTS when some rows stay); the order of the rows
      // is the enclosing query's.
      bool keepsSome = (!limits.limit || *limits.limit > 0) && (!limits.offset || *limits.offset == 0);
      if (use_ != SubqueryUse::Existence || !keepsSome) limitPerCorrelation(sortKeys, limits.limit, limits.offset);
      return;
   }
   pushSortAndLimit(std::move(sortKeys), limits);
}

void SelectBinder::yieldOutputs(std::vector<const IU*> outputs) {
   result_.columns = std::move(outputs);
   for (auto& target : targets_) result_.names.push_back(target.name);
   if (rowId_) {
      result_.columns.push_back(rowId_);
      result_.names.push_back("row id");
   }
}

SelectBinder::LimitAndOffset SelectBinder::bindLimit() {
   return {constantCount(select_.limit_count, "LIMIT", ius_), constantCount(select_.limit_offset, "OFFSET", ius_)};
}

void SelectBinder::pushSortAndLimit(std::vector<SortKey> keys, const LimitAndOffset& limits) {
   if (!keys.empty()) {
      auto sort = std::make_unique<Sort>();
      sort->keys = std::move(keys);
      push(std::move(sort));
   }
   if (limits.limit || limits.offset) {
      auto op = std::make_unique<Limit>();
      if (limits.limit) op->limit = *limits.limit;
      if (limits.offset) op->offset = *limits.offset;
      push(std::move(op));
   }
}

}  // namespace kiln
