// A prepared statement: parsed once, bound and compiled on first use, then run from the cached
// machine code with new parameter values. Its first code is the quick code generator's where
// few rows are expected (as for any statement); once it has run often, it is compiled once more
// with every pipeline optimized. It is bound and compiled again only when the catalog
// changed (DDL), a table it scans got its first deleted row (the scan's code differs), or a
// table's size moved far from what the plan was made for (an index join planned for an empty
// table would not be chosen for a full one, and the other way round).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "codegen/query_compiler.h"
#include "parser/pg_parser.h"
#include "parser/statement.h"
#include "runtime/parameter_values.h"

namespace kiln {

class DatabaseImpl;

struct PreparedStatementImpl {
   std::string text;                     // the statement, or the whole PREPARE
   std::unique_ptr<ParsedScript> parsed;  // kept: binding again needs the parse tree
   const PgQuery__Node* node = nullptr;   // the statement to run, inside `parsed`
   std::vector<SqlType> declaredTypes;    // PREPARE name (types)
   bool onlyReads = false;                // a SELECT that may run on a snapshot (transaction_modes.h)

   // What was bound and compiled.
   uint64_t catalogVersion = UINT64_MAX;
   std::optional<Statement> statement;
   CompiledQuery compiled;
   struct Scan {
      const Table* table;
      bool hadDeletedRows;
      size_t rows;  // when planned
   };
   std::vector<Scan> scans;
   uint64_t runs = 0;  // of its machine code, all compilations together

   ParameterValues parameters;  // their types, and the values bound for the next run
   std::shared_ptr<ResultData> lastResult;  // the last run's, shared with the caller's Result

   PreparedStatementImpl(std::string sqlText, const std::vector<SqlType>& declared);
   /// Binds (and forgets the machine code) when what it was bound against changed, or compiles
   /// it optimized once it has run often.
   void refresh(DatabaseImpl& database);
   /// Binds it, forgetting the machine code.
   void bind(DatabaseImpl& database);
   /// Whether the catalog and the tables it scans are still as it was bound for.
   bool bindingHolds(const DatabaseImpl& database) const;
   /// Counts a run of its machine code: true when it has run often enough to be compiled optimized.
   bool countRun();
   /// The parameters' types from the plan (after binding, or after a rewrite added parameters).
   void takeParameterTypes();
   /// The last run's result, emptied, once the caller no longer holds it (else null): filling it
   /// again saves a run its allocations.
   std::shared_ptr<ResultData> takeReusableResult();
};

}  // namespace kiln
