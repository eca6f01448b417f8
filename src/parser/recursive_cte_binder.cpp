// WITH RECURSIVE x AS (non-recursive term UNION [ALL] recursive term): a RecursiveUnion whose
// recursive term reads x, the rows the previous run added, through a WorkTableScan. The columns
// have the non-recursive term's types, as in PostgreSQL.
#include "parser/select_binder.h"
#include "parser/type_rules.h"

namespace kiln {

std::unique_ptr<Operator> SelectBinder::bindRecursiveReference(const PgQuery__RangeVar& range) {
   const SelectBinder* binder = this;
   while (binder && !(binder->recursion_ && binder->recursion_->name == range.relname)) binder = binder->enclosing_;
   if (!binder) return nullptr;
   Recursion& recursion = *binder->recursion_;
   int position = range.location + 1;
   std::string name = "recursive reference to query \"" + recursion.name + "\"";
   if (!recursion.source) throw Error("42P19", name + " must not appear within its non-recursive term", position);
   if (binder != this) throw Error("42P19", name + " must not appear within a subquery", position);
   if (recursion.referenced) throw Error("42P19", name + " must not appear more than once", position);
   recursion.referenced = true;
   auto scan = std::make_unique<WorkTableScan>(recursion.source);
   for (const IU* iu : recursion.source->columns) scan->columns.push_back(ius_.make(iu->type, true, iu->name));
   std::vector<std::string> names;
   for (const IU* iu : recursion.source->columns) names.push_back(iu->name);
   addToScope(range.alias ? range.alias->aliasname : range.relname, range.alias, scan->columns, names, position);
   return scan;
}

SelectBinder::Bound SelectBinder::bindRecursiveCte(const PgQuery__CommonTableExpr& cte, const SelectBinder* owner, size_t index) {
   if (cte.search_clause || cte.cycle_clause) throw Error("0A000", "SEARCH and CYCLE clauses are not supported yet", cte.location + 1);
   const PgQuery__SelectStmt& query = *cte.ctequery->select_stmt;
   auto bindPart = [&](const PgQuery__SelectStmt& part, Recursion* recursion) {
      SelectBinder binder(part, catalog_, ius_, nullptr, nullptr, owner);
      binder.enclosingCtesVisible_ = index;
      binder.recursion_ = recursion;
      return binder.bind();
   };
   Recursion recursion{cte.ctename};
   // Only a UNION may read itself (in its right side); a query that does not is an ordinary CTE.
   if (query.op != PG_QUERY__SET_OPERATION__SETOP_UNION) return bindPart(query, &recursion);
   Bound anchor = bindPart(*query.larg, &recursion);
   auto recursive = std::make_unique<RecursiveUnion>();
   recursion.source = recursive.get();
   for (size_t c = 0; c < anchor.columns.size(); ++c) {
      SqlType type = anchor.columns[c]->type.id == TypeId::Unknown ? SqlType::text() : anchor.columns[c]->type;
      std::string name = c < cte.n_aliascolnames ? stringOf(cte.aliascolnames[c]) : anchor.names[c];
      recursive->columns.push_back(ius_.make(type, true, name));
   }
   Bound term = bindPart(*query.rarg, &recursion);
   if (!recursion.referenced) return bindPart(query, nullptr);

   int position = cte.location + 1;
   std::string name = cte.ctename;
   if (query.n_sort_clause) throw Error("0A000", "ORDER BY in a recursive query is not implemented", position);
   if (query.limit_count || query.limit_offset)
      throw Error("0A000", std::string(query.limit_count ? "LIMIT" : "OFFSET") + " in a recursive query is not implemented", position);
   if (term.columns.size() != anchor.columns.size()) throw Error("42601", "each UNION query must have the same number of columns", position);
   // Each side's values in the columns' types: the recursive term's must convert implicitly.
   Bound* sides[] = {&anchor, &term};
   for (size_t s = 0; s < 2; ++s) {
      auto map = std::make_unique<Map>();
      std::vector<const IU*> inputs;
      for (size_t c = 0; c < recursive->columns.size(); ++c) {
         const IU* column = sides[s]->columns[c];
         SqlType type = recursive->columns[c]->type;
         if (s == 1 && types::common(type, column->type) != type)
            throw Error("42804",
                        "recursive query \"" + name + "\" column " + std::to_string(c + 1) + " has type " + type.toString() +
                           " in non-recursive term but type " + column->type.toString() + " overall",
                        position);
         ExprPtr value = ExpressionBinder::coerce(Expr::columnRef(column), type);
         if (value->kind == ExprKind::ColumnRef) {
            inputs.push_back(value->iu);
            continue;
         }
         const IU* iu = ius_.make(type, value->nullable, column->name);
         map->computations.push_back({iu, std::move(value)});
         inputs.push_back(iu);
      }
      std::unique_ptr<Operator> input = std::move(sides[s]->root);
      if (!map->computations.empty()) {
         map->children.push_back(std::move(input));
         input = std::move(map);
      }
      recursive->children.push_back(std::move(input));
      recursive->inputs.push_back(std::move(inputs));
   }
   recursive->distinct = !query.all;
   Bound bound;
   bound.columns = recursive->columns;
   for (const IU* iu : recursive->columns) bound.names.push_back(iu->name);
   bound.root = std::move(recursive);
   return bound;
}

}  // namespace kiln
