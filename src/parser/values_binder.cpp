// VALUES lists: the rows' common column types (or an INSERT's columns'), DEFAULT, and scalar
// subqueries joined to the rows.
#include "parser/select_binder.h"
#include "parser/type_rules.h"

namespace kiln {

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
               throw Error("42804", "column \"" + target.name + "\" is of type " + type.toString() + " but expression is of type " + row[c]->type.toString(),
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
         if (!common) throw Error("42804", "VALUES types " + type.toString() + " and " + row[c]->type.toString() + " cannot be matched", row[c]->position);
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

}  // namespace kiln
