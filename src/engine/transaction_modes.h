// What a statement's parse tree says about reading and writing: whether it only reads (and so
// may run on a snapshot), and the READ ONLY / READ WRITE modes of BEGIN, SET TRANSACTION,
// SET transaction_read_only and SET SESSION CHARACTERISTICS AS TRANSACTION.
#pragma once

#include <optional>
#include <string>

#include "kiln/kiln.h"
#include "parser/pg_parser.h"

namespace kiln {

/// A SELECT (or VALUES, or TABLE) that changes nothing: no INTO, no FOR UPDATE/SHARE, no
/// INSERT/UPDATE/DELETE in its WITH; or EXPLAIN of one. (Functions that change something, such
/// as nextval(), are found when it is bound: parser/read_only_statement.h.)
bool readsOnly(const PgQuery__Node& statement);

/// 25P02: a statement in a transaction block that an error aborted.
Error abortedBlock();

/// 25006 for a statement that writes, in a READ ONLY block; `text` is the statement's.
Error notInReadOnlyBlock(const PgQuery__Node& statement, const std::string& text);

/// BEGIN's modes: 1 READ ONLY, 0 READ WRITE, -1 neither said. Throws 22023 for an isolation
/// level PostgreSQL does not have (kiln runs transactions one at a time: each level holds).
int readOnlyModeOf(PgQuery__Node* const* options, size_t count);

/// For SET TRANSACTION modes and SET transaction_read_only / transaction_isolation: the read-only
/// mode they set (1, 0, or -1 for an isolation level alone); nullopt for other SETs.
std::optional<int> transactionModeSet(const PgQuery__VariableSetStmt& set);

/// For SET SESSION CHARACTERISTICS AS TRANSACTION: the default read-only mode it sets (1, 0, or -1
/// for an isolation level alone); nullopt for other SETs.
std::optional<int> sessionCharacteristicsSet(const PgQuery__VariableSetStmt& set);

}  // namespace kiln
