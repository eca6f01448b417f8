// The catalog: tables, views and sequences by name (one namespace, as PostgreSQL's relations).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "storage/sequence.h"
#include "storage/table.h"

namespace kiln {

/// A view: the CREATE VIEW statement it was made by, bound anew wherever the view is used.
struct View {
   std::string name;
   std::string definition;  // the whole CREATE VIEW statement
   std::vector<std::string> columnNames;  // the query's output names, or the view's aliases
};

class Catalog {
   public:
   /// nullptr when there is no such view.
   const View* findView(const std::string& name) const;
   /// Throws 42P07 when the name is taken (by a table, or by a view unless `replace`).
   void createView(View view, bool replace);
   /// Throws 42P01 when there is no such view; returns it (for undo).
   View dropView(const std::string& name);

   /// nullptr when there is no such table.
   Table* findTable(const std::string& name) const;
   /// Throws 42P07 when the name is taken.
   Table& createTable(std::unique_ptr<Table> table);
   /// Throws 42P01 when there is no such table; returns the table (for undo).
   std::unique_ptr<Table> dropTable(const std::string& name);
   /// ALTER TABLE ... RENAME TO: throws 42P07 when `to` is taken.
   void renameTable(const std::string& from, const std::string& to);
   std::vector<const Table*> tables() const;
   /// The tables with a FOREIGN KEY referencing table `parent`, each with that key (no
   /// allocation when there are none: statements on every table ask).
   std::vector<std::pair<Table*, const ForeignKey*>> referencing(const std::string& parent) const;
   /// Those of them that need `index` of `parent`: the first of its unique indexes on the columns
   /// they reference (in any order).
   std::vector<std::pair<Table*, const ForeignKey*>> referencingThrough(const Table& parent, const UniqueIndex& index) const;
   std::vector<const View*> views() const;
   /// The table with the index `name` (unique or not), nullptr if none has it.
   const Table* tableWithIndex(const std::string& name) const;
   /// Whether a table, view, sequence or index has the name (one namespace, as pg_class).
   bool hasRelationNamed(const std::string& name) const { return nameTaken(name) || tableWithIndex(name); }

   /// nullptr when there is no such sequence. Its counter changes through a const catalog:
   /// advancing it is not a change of the catalog.
   Sequence* findSequence(const std::string& name) const;
   /// Throws 42P07 when the name is taken. Gives the sequence a new id.
   Sequence& createSequence(std::unique_ptr<Sequence> sequence);
   /// Throws 42P01 when there is no such sequence; returns it (for undo).
   std::unique_ptr<Sequence> dropSequence(const std::string& name);
   /// Puts back a dropped sequence as it was (undo), keeping its id.
   void restoreSequence(std::unique_ptr<Sequence> sequence);
   std::vector<Sequence*> sequences() const;
   bool hasSequences() const { return !sequences_.empty(); }
   /// Whether the sequence of this Sequence::id is there (not dropped since).
   bool hasSequenceId(uint64_t id) const;

   private:
   bool nameTaken(const std::string& name) const { return tables_.count(name) || views_.count(name) || sequences_.count(name); }

   std::map<std::string, std::unique_ptr<Table>> tables_;
   std::map<std::string, View> views_;
   std::map<std::string, std::unique_ptr<Sequence>> sequences_;  // stable addresses: compiled code holds them
   uint64_t lastSequenceId_ = 0;
};

}  // namespace kiln
