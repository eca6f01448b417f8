// UNION, INTERSECT and EXCEPT: both sides bound, their columns' common types, duplicates and the
// sides' counts; ORDER BY and LIMIT over the outputs (also for VALUES).
#include "algebra/literal_slots.h"
#include "parser/select_binder.h"
#include "parser/type_rules.h"

namespace kiln {

void SelectBinder::bindSetOperation() {
   const char* name = select_.op == PG_QUERY__SET_OPERATION__SETOP_UNION       ? "UNION"
                      : select_.op == PG_QUERY__SET_OPERATION__SETOP_INTERSECT ? "INTERSECT"
                                                                               : "EXCEPT";
   Bound sides[2] = {SelectBinder(*select_.larg, catalog_, ius_, nullptr, scope_.outer(), this).bind(),
                     SelectBinder(*select_.rarg, catalog_, ius_, nullptr, scope_.outer(), this).bind()};
   for (auto& side : sides)
      if (!side.correlated.empty() || !side.deferred.empty()) throw Error("0A000", std::string("correlated ") + name + " subqueries are not supported yet");
   if (sides[0].columns.size() != sides[1].columns.size()) throw Error("42601", std::string("each ") + name + " query must have the same number of columns");
   // Both sides are converted to the columns' common types; an untyped literal takes the other side's.
   auto typeOf = [&](size_t side, size_t c) {
      bool untyped = c < sides[side].untyped.size() && sides[side].untyped[c];
      return untyped ? SqlType::unknown() : sides[side].columns[c]->type;
   };
   std::vector<SqlType> types;
   for (size_t c = 0; c < sides[0].columns.size(); ++c) {
      auto common = types::common(typeOf(0, c), typeOf(1, c));
      if (!common)
         throw Error("42804", std::string(name) + " types " + sides[0].columns[c]->type.toString() + " and " + sides[1].columns[c]->type.toString() +
                                 " cannot be matched");
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
         LiteralSlots::readFromTree(node.a_const);
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
   pushSortAndLimit(std::move(keys), bindLimit());
}

}  // namespace kiln
