// The binding of a SELECT in steps named after its clauses (bind()), its FROM items and WHERE.
// The other clauses' steps: group_by_binder.cpp, select_list_binder.cpp (with ORDER BY, DISTINCT
// and LIMIT), query_aggregation.cpp (with HAVING), window_binder.cpp; their rules:
// clause_rules.h. UNION and VALUES: set_operation_binder.cpp, values_binder.cpp.
#include "parser/select_binder.h"

#include "parser/pg_parser.h"
#include "parser/statement.h"

namespace kiln {

SelectBinder::SelectBinder(const PgQuery__SelectStmt& select, const Catalog& catalog, IUSet& ius, const std::vector<ColumnInfo>* insertTargets,
                           const Scope* outer, const SelectBinder* enclosing)
   : select_(select), catalog_(catalog), ius_(ius), insertTargets_(insertTargets), enclosing_(enclosing) {
   scope_.setOuter(outer);
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

   // A correlated aggregate without GROUP BY ends with its aggregation (see AggregateRow).
   if (std::optional<Bound> row = pushAggregation()) return std::move(*row);
   attach(lateJoins_);
   pushWindows(clauses_.calls.windows, clauses_.windowSpecs);
   // The select list's set-returning function: each row comes once per value of its series,
   // before DISTINCT, ORDER BY and LIMIT see them (as PostgreSQL's ProjectSet).
   if (clauses_.calls.setReturning) push(std::move(clauses_.calls.setReturning));
   Projection projection = pushProjection();
   pushDistinct(projection);
   pushOrderByAndLimit(std::move(projection.sortKeys));
   yieldOutputs(std::move(projection.outputs));
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
      throw Error("42P10",
                  "table \"" + alias + "\" has " + std::to_string(ius.size()) + " columns available but " + std::to_string(renamed) + " columns specified",
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
               throw Error("42P10",
                           "WITH query \"" + std::string(cte->ctename) + "\" has " + std::to_string(bound.names.size()) + " columns available but " +
                              std::to_string(cte->n_aliascolnames) + " columns specified",
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
            throw Error("0A000", "reading sequence \"" + std::string(range.relname) + "\" as a table is not supported yet (currval() reads it)",
                        range.location + 1);
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
      throw Error("0A000", std::string("a derived table ") + (directlyInFrom ? "" : "inside JOIN ") +
                              "that reads the enclosing query's values this way is not supported yet");
   for (auto& condition : bound.correlated) correlated_.push_back(std::move(condition));
   addToScope(derived.alias->aliasname, derived.alias, bound.columns, bound.names, 0);
   // The derived table's outputs may repeat an IU (SELECT a, a): give each output its own.
   return std::move(bound.root);
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
      if (isCorrelated(*e)) correlated_.push_back(std::move(e));
      else filters.push_back(std::move(e));
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
