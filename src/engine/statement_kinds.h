// The kinds of statement a connection runs and, for each, what the transaction state allows,
// as PostgreSQL 15 has it: in a block an error aborted only COMMIT, ROLLBACK and ROLLBACK TO run
// (25P02 for the rest); a READ ONLY block refuses what changes the database (25006). The
// dispatcher (ConnectionImpl::run, and the API's prepare, execute and copyFrom) checks these rules
// before a statement runs, so no statement can miss them.
#pragma once

#include <cstdint>
#include <string>

#include "kiln/kiln.h"
#include "parser/pg_parser.h"

namespace kiln {

enum class StatementKind : uint8_t {
   Begin,  // BEGIN, START TRANSACTION
   Commit,  // COMMIT, END
   Rollback,  // ROLLBACK, ABORT
   Savepoint,
   Release,
   RollbackTo,
   TwoPhase,  // PREPARE TRANSACTION, COMMIT PREPARED, ROLLBACK PREPARED
   Prepare,
   Execute,
   ExplainExecute,
   Deallocate,
   Set,
   Show,
   Checkpoint,
   CreateSchema,
   DropSchema,
   SchemaChange,  // CREATE, DROP, ALTER of tables, views, indexes, sequences; SELECT INTO
   Read,  // a query that changes nothing, or EXPLAIN of one (transaction_modes.h: readsOnly)
   Write,  // INSERT, UPDATE, DELETE, SELECT FOR UPDATE, COPY, ANALYZE, EXPLAIN of them; the unsupported
};

struct StatementRules {
   bool inAbortedBlock = false;  // it ends the block or rolls back to a savepoint
   bool inReadOnlyBlock = false;
   bool changesSchema = false;  // statements bound before it are bound again (catalogVersion)
   bool onSnapshot = false;  // it only reads: it may run on a snapshot
};

constexpr StatementRules rulesOf(StatementKind kind) {
   switch (kind) {
      case StatementKind::Commit:
      case StatementKind::Rollback:
      case StatementKind::RollbackTo: return {.inAbortedBlock = true, .inReadOnlyBlock = true};
      // What changes only the session (and CHECKPOINT, which changes no data) runs in a READ ONLY block.
      case StatementKind::Begin:
      case StatementKind::Savepoint:
      case StatementKind::Release:
      case StatementKind::TwoPhase:
      case StatementKind::Prepare:
      case StatementKind::Execute:  // the prepared statement is checked as itself when it runs
      case StatementKind::ExplainExecute:
      case StatementKind::Deallocate:
      case StatementKind::Set:
      case StatementKind::Show:
      case StatementKind::Checkpoint: return {.inReadOnlyBlock = true};
      case StatementKind::CreateSchema:
      case StatementKind::DropSchema:
      case StatementKind::Write: return {};
      case StatementKind::SchemaChange: return {.changesSchema = true};
      case StatementKind::Read: return {.inReadOnlyBlock = true, .onSnapshot = true};
   }
   return {};
}

/// The kind of a statement's parse tree.
StatementKind statementKind(const PgQuery__Node& statement);
/// The kind of a transaction statement (`kind`: PgQuery__TransactionStmtKind).
StatementKind transactionStatementKind(int kind);

/// Whether a statement of `kind` may run now: in a block an error aborted (`aborted`), in a READ
/// ONLY block (`readOnly`). Inline: every run of a prepared statement asks.
inline bool allowedNow(StatementKind kind, bool aborted, bool readOnly) {
   StatementRules rules = rulesOf(kind);
   return (!aborted || rules.inAbortedBlock) && (!readOnly || rules.inReadOnlyBlock);
}

/// The error for a statement allowedNow refused: 25P02 in an aborted block, else 25006 naming the
/// command (`statement`, whose text is `text`).
Error refusedNow(bool aborted, const PgQuery__Node& statement, const std::string& text);

}  // namespace kiln
