#include "engine/statement_kinds.h"

#include "engine/transaction_modes.h"

namespace kiln {

StatementKind transactionStatementKind(int kind) {
   switch (PgQuery__TransactionStmtKind(kind)) {
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_BEGIN:
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_START: return StatementKind::Begin;
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_COMMIT: return StatementKind::Commit;
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK: return StatementKind::Rollback;
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_SAVEPOINT: return StatementKind::Savepoint;
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_RELEASE: return StatementKind::Release;
      case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK_TO: return StatementKind::RollbackTo;
      default: return StatementKind::TwoPhase;
   }
}

StatementKind statementKind(const PgQuery__Node& statement) {
   switch (statement.node_case) {
      case PG_QUERY__NODE__NODE_TRANSACTION_STMT: return transactionStatementKind(statement.transaction_stmt->kind);
      case PG_QUERY__NODE__NODE_PREPARE_STMT: return StatementKind::Prepare;
      case PG_QUERY__NODE__NODE_EXECUTE_STMT: return StatementKind::Execute;
      case PG_QUERY__NODE__NODE_DEALLOCATE_STMT: return StatementKind::Deallocate;
      case PG_QUERY__NODE__NODE_VARIABLE_SET_STMT: return StatementKind::Set;
      case PG_QUERY__NODE__NODE_VARIABLE_SHOW_STMT: return StatementKind::Show;
      case PG_QUERY__NODE__NODE_CHECK_POINT_STMT: return StatementKind::Checkpoint;
      case PG_QUERY__NODE__NODE_CREATE_SCHEMA_STMT: return StatementKind::CreateSchema;
      case PG_QUERY__NODE__NODE_EXPLAIN_STMT:
         if (statement.explain_stmt->query->node_case == PG_QUERY__NODE__NODE_EXECUTE_STMT) return StatementKind::ExplainExecute;
         return readsOnly(statement) ? StatementKind::Read : StatementKind::Write;
      case PG_QUERY__NODE__NODE_DROP_STMT:
         return statement.drop_stmt->remove_type == PG_QUERY__OBJECT_TYPE__OBJECT_SCHEMA ? StatementKind::DropSchema : StatementKind::SchemaChange;
      case PG_QUERY__NODE__NODE_SELECT_STMT:
         if (statement.select_stmt->into_clause) return StatementKind::SchemaChange;
         return readsOnly(statement) ? StatementKind::Read : StatementKind::Write;
      case PG_QUERY__NODE__NODE_CREATE_STMT:
      case PG_QUERY__NODE__NODE_CREATE_TABLE_AS_STMT:
      case PG_QUERY__NODE__NODE_VIEW_STMT:
      case PG_QUERY__NODE__NODE_INDEX_STMT:
      case PG_QUERY__NODE__NODE_ALTER_TABLE_STMT:
      case PG_QUERY__NODE__NODE_RENAME_STMT:
      case PG_QUERY__NODE__NODE_CREATE_SEQ_STMT:
      case PG_QUERY__NODE__NODE_ALTER_SEQ_STMT: return StatementKind::SchemaChange;
      default: return StatementKind::Write;
   }
}

Error refusedNow(bool aborted, const PgQuery__Node& statement, const std::string& text) {
   return aborted ? abortedBlock() : notInReadOnlyBlock(statement, text);
}

}  // namespace kiln
