// What a connection and a snapshot process say to each other: a statement to run with what it
// needs of the session (its settings, now(), the sequences' session values, parameter values),
// and its outcome (a result, an error, or that it must run in the writer's turn after all).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/value.h"
#include "engine/passive_settings.h"
#include "engine/result_data.h"
#include "engine/session_settings.h"
#include "storage/binary_io.h"
#include "storage/sequence.h"

namespace kiln {

struct SnapshotRequest {
   std::string sql;  // one statement
   /// A prepared statement's: bound with these parameter types and run with these values.
   bool prepared = false;
   std::vector<SqlType> parameterTypes;
   std::vector<Value> parameterValues;
   // The sender's settings (current_setting() reads them), its time zone as SHOW gives it, and
   // whether it is in a READ ONLY block (transaction_read_only).
   std::string timeZone;
   SessionSettings settings;
   bool readOnlyBlock = false;
   int64_t transactionTime = 0;  // TransactionClock's: now() of the statement's transaction
   bool timing = true;
   bool streamed = false;  // the rows come back in Chunk replies while the query runs, then the Result
   std::vector<std::pair<uint64_t, int64_t>> sequenceValues;  // currval()'s, by sequence id
   bool hasLastSequenceValue = false;
   int64_t lastSequenceValue = 0;
   uint64_t lastSequenceId = 0;
};

enum class SnapshotOutcome : uint8_t {
   Result,
   Chunk,  // rows of a streamed query; more replies follow
   Error,
   /// The statement would change something (nextval(), set_config()): the error it gets on a
   /// snapshot, for a statement that only looked read-only.
   NeedsWriter,
};

struct SnapshotReply {
   SnapshotOutcome outcome = SnapshotOutcome::Result;
   std::shared_ptr<ResultData> result;
   std::optional<Error> error;
   int64_t transactionTime = 0;  // as the statement left it (read for the first time, maybe)
};

void encodeRequest(const SnapshotRequest& request, BinaryWriter& out);
SnapshotRequest decodeRequest(BinaryReader& in);

/// A result's rows go as their bytes; each out-of-line string (and NUMERIC) follows its row.
void encodeReply(const SnapshotReply& reply, BinaryWriter& out);
SnapshotReply decodeReply(BinaryReader& in);

}  // namespace kiln
