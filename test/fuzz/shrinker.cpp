#include "shrinker.h"

namespace kiln::fuzz {

namespace {

std::vector<SqlNode*> nodesOf(Case& c) {
   std::vector<SqlNode*> nodes;
   for (Statement& statement : c.statements)
      if (!statement.sql->dropped) statement.sql->collect(nodes);
   return nodes;
}

/// The nodes below `n` with its shape, nearest first (breadth first), at most `limit`.
std::vector<size_t> sameShapeBelow(const std::vector<SqlNode*>& nodes, size_t n, size_t limit) {
   std::vector<SqlNode*> below;
   nodes[n]->collect(below);
   std::vector<size_t> found;
   for (size_t i = 1; i < below.size() && found.size() < limit; ++i)
      if (below[i]->shape == nodes[n]->shape)
         for (size_t j = n; j < nodes.size(); ++j)
            if (nodes[j] == below[i]) {
               found.push_back(j);
               break;
            }
   return found;
}

size_t liveItems(const SqlNode& n) {
   size_t live = 0;
   for (const Piece& p : n.pieces)
      if (p.node && !p.node->dropped) ++live;
   return live;
}

}  // namespace

bool Shrinker::exhausted() const { return attempts_ >= maxAttempts_ || std::chrono::steady_clock::now() > deadline_; }

bool Shrinker::attempt(Case& current, const std::function<bool(Case&)>& edit) {
   if (exhausted()) return false;
   Case candidate = current.clone();
   if (!edit(candidate)) return false;
   ++attempts_;
   if (!stillFails_(candidate)) return false;
   current = std::move(candidate);
   return true;
}

bool Shrinker::shrinkStatements(Case& current) {
   bool progress = false;
   for (size_t n = 0; !exhausted(); ++n) {
      std::vector<SqlNode*> nodes = nodesOf(current);
      if (n >= nodes.size()) break;
      SqlNode& target = *nodes[n];
      std::string before = target.print();
      auto at = [n](Case& c) { return nodesOf(c)[n]; };
      bool changed = false;
      if (target.optional) changed = attempt(current, [&](Case& c) { return at(c)->dropped = true; });
      if (!changed && target.isList)
         for (size_t item = 0; item < target.pieces.size() && !changed; ++item) {
            if (!target.pieces[item].node || target.pieces[item].node->dropped || liveItems(target) <= target.minItems) continue;
            changed = attempt(current, [&](Case& c) { return at(c)->pieces[item].node->dropped = true; });
         }
      if (!changed && !target.shape.empty())
         for (size_t below : sameShapeBelow(nodes, n, 8)) {
            changed = attempt(current, [&](Case& c) {
               std::vector<SqlNode*> all = nodesOf(c);
               SqlNode replacement = *all[below];
               replacement.optional = all[n]->optional;
               replacement.comparedSubquery = all[n]->comparedSubquery;
               replacement.gate = all[n]->gate;
               *all[n] = replacement;
               return true;
            });
            if (changed) break;
         }
      if (!changed)
         for (const std::string& simpler : target.simpler) {
            if (simpler == before) continue;
            changed = attempt(current, [&](Case& c) {
               SqlNode* t = at(c);
               t->pieces = {Piece(simpler)};
               t->simpler.clear();
               t->isList = false;
               t->constant = true;
               return true;
            });
            if (changed) break;
         }
      if (changed) {
         progress = true;
         --n;  // the node at n changed: look at it (or what took its place) again
      }
   }
   return progress;
}

bool Shrinker::shrinkTables(Case& current) {
   bool progress = false;
   for (size_t t = 0; t < current.tables.size() && !exhausted(); ++t) {
      if (attempt(current, [&](Case& c) {
             c.tables.erase(c.tables.begin() + long(t));
             return true;
          })) {
         progress = true;
         --t;
         continue;
      }
      // Rows: halves, quarters, ..., then one at a time.
      for (size_t chunk = std::max<size_t>(1, current.tables[t].rows.size() / 2); chunk >= 1 && !exhausted(); chunk /= 2) {
         for (size_t start = 0; start < current.tables[t].rows.size() && !exhausted();) {
            bool removed = attempt(current, [&](Case& c) {
               auto& rows = c.tables[t].rows;
               if (start >= rows.size()) return false;
               rows.erase(rows.begin() + long(start), rows.begin() + long(std::min(rows.size(), start + chunk)));
               return true;
            });
            progress |= removed;
            if (!removed) start += chunk;
         }
         if (chunk == 1) break;
      }
      for (size_t column = current.tables[t].columns.size(); column-- > 1 && !exhausted();) {
         progress |= attempt(current, [&](Case& c) {
            Table& table = c.tables[t];
            if (column >= table.columns.size()) return false;
            for (const std::string& indexed : table.indexedColumns)
               if (indexed == table.columns[column].name) return false;
            table.columns.erase(table.columns.begin() + long(column));
            for (auto& row : table.rows) row.erase(row.begin() + long(column));
            return true;
         });
      }
      progress |= attempt(current, [&](Case& c) {
         bool had = !c.tables[t].indexedColumns.empty() || c.tables[t].primaryKey;
         c.tables[t].indexedColumns.clear();
         c.tables[t].primaryKey = false;
         return had;
      });
      for (size_t r = 0; r < current.tables[t].rows.size() && !exhausted(); ++r)
         for (size_t column = 1; column < current.tables[t].rows[r].size() && !exhausted(); ++column)
            progress |= attempt(current, [&](Case& c) {
               std::string& value = c.tables[t].rows[r][column];
               if (value == "NULL") return false;
               value = "NULL";
               return true;
            });
   }
   return progress;
}

Case Shrinker::shrink(Case failing) {
   for (int round = 0; round < 4 && !exhausted(); ++round) {
      bool progress = shrinkStatements(failing);
      progress |= shrinkTables(failing);
      if (!progress) break;
   }
   return failing;
}

}  // namespace kiln::fuzz
