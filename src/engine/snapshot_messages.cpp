#include "engine/snapshot_messages.h"

#include <cstring>

#include "common/german_string.h"
#include "common/physical_type.h"

namespace kiln {

namespace {

void putType(BinaryWriter& out, SqlType type) {
   out.put(type.id);
   out.put(type.precision);
   out.put(type.scale);
   out.put(type.length);
   out.put(type.element);
}

SqlType getType(BinaryReader& in) {
   SqlType type;
   type.id = in.get<TypeId>();
   type.precision = in.get<uint8_t>();
   type.scale = in.get<uint8_t>();
   type.length = in.get<uint32_t>();
   type.element = in.get<TypeId>();
   return type;
}

void putValue(BinaryWriter& out, const Value& value) {
   putType(out, value.type);
   out.put(value.isNull);
   out.put(value.decimal);  // the union's widest member: every other one lies inside it
   out.putString(value.string);
}

Value getValue(BinaryReader& in) {
   Value value;
   value.type = getType(in);
   value.isNull = in.get<bool>();
   value.decimal = in.get<__int128>();
   value.string = in.getString();
   return value;
}

void putStats(BinaryWriter& out, const StatementStats& stats) {
   out.put(stats.parseMs);
   out.put(stats.compileMs);
   out.put(stats.executeMs);
   out.put(stats.totalMs);
}

StatementStats getStats(BinaryReader& in) {
   StatementStats stats;
   stats.parseMs = in.get<double>();
   stats.compileMs = in.get<double>();
   stats.executeMs = in.get<double>();
   stats.totalMs = in.get<double>();
   return stats;
}

/// The fields whose values are German strings (texts, arrays, NUMERIC), which may point outside
/// the row.
std::vector<const RowLayout::Field*> stringFields(const RowLayout& layout) {
   std::vector<const RowLayout::Field*> fields;
   for (const RowLayout::Field& field : layout.fields)
      if (heldAsBytes(physicalTypeOf(field.type))) fields.push_back(&field);
   return fields;
}

bool isNullIn(const char* row, const RowLayout::Field& field) { return field.nullOffset >= 0 && row[field.nullOffset]; }

void putResult(BinaryWriter& out, const ResultData& result) {
   out.putString(result.status());
   out.put(result.rowsAffected);
   putStats(out, result.stats);
   out.put(result.hasRows);
   out.put(uint32_t(result.names.size()));
   for (const std::string& name : result.names) out.putString(name);
   out.put(uint32_t(result.layout.fields.size()));
   for (const RowLayout::Field& field : result.layout.fields) {
      putType(out, field.type);
      out.put(uint64_t(field.offset));
      out.put(int32_t(field.nullOffset));
   }
   out.put(uint64_t(result.layout.size));
   size_t rowSize = result.rows.rowSize();
   out.put(uint64_t(rowSize));
   out.put(uint64_t(result.rowCount()));
   std::vector<const RowLayout::Field*> strings = stringFields(result.layout);
   for (size_t r = 0; r < result.rowCount(); ++r) {
      const char* row = result.rows.row(r);
      out.putBytes(row, rowSize);
      for (const RowLayout::Field* field : strings) {
         if (isNullIn(row, *field)) continue;
         GermanString s;
         std::memcpy(&s, row + field->offset, sizeof(s));
         if (!s.isInline()) out.putBytes(s.data(), s.length);
      }
   }
}

std::shared_ptr<ResultData> getResult(BinaryReader& in) {
   auto result = std::make_shared<ResultData>();
   result->statusTag = in.getString();
   result->rowsAffected = in.get<uint64_t>();
   result->stats = getStats(in);
   result->hasRows = in.get<bool>();
   uint32_t names = in.get<uint32_t>();
   for (uint32_t i = 0; i < names; ++i) result->names.push_back(in.getString());
   RowLayout layout;
   uint32_t fields = in.get<uint32_t>();
   for (uint32_t i = 0; i < fields; ++i) {
      SqlType type = getType(in);
      size_t offset = in.get<uint64_t>();
      int nullOffset = in.get<int32_t>();
      layout.fields.push_back({type, offset, nullOffset});
   }
   layout.size = in.get<uint64_t>();
   size_t rowSize = in.get<uint64_t>(), rows = in.get<uint64_t>();
   result->rows = RowBuffer(rowSize);
   std::vector<const RowLayout::Field*> strings = stringFields(layout);
   for (size_t r = 0; r < rows; ++r) {
      char* row = result->rows.append();
      std::memcpy(row, in.take(rowSize), rowSize);
      for (const RowLayout::Field* field : strings) {
         if (isNullIn(row, *field)) continue;
         GermanString s;
         std::memcpy(&s, row + field->offset, sizeof(s));
         if (s.isInline()) continue;
         s = GermanString::make(result->strings.store(std::string_view(in.take(s.length), s.length)));
         std::memcpy(row + field->offset, &s, sizeof(s));
      }
   }
   result->layout = std::move(layout);
   return result;
}

}  // namespace

void encodeRequest(const SnapshotRequest& request, BinaryWriter& out) {
   out.putString(request.sql);
   out.put(request.prepared);
   out.put(uint32_t(request.parameterTypes.size()));
   for (SqlType type : request.parameterTypes) putType(out, type);
   out.put(uint32_t(request.parameterValues.size()));
   for (const Value& value : request.parameterValues) putValue(out, value);
   out.putString(request.timeZone);
   const SessionSettings& settings = request.settings;
   out.put(settings.lockTimeoutMs);
   out.put(settings.statementTimeoutMs);
   out.putString(settings.synchronousCommit);
   out.put(uint32_t(settings.passive.size()));
   for (auto& [name, value] : settings.passive) {
      out.putString(name);
      out.putString(value);
   }
   out.put(settings.snapshotReads);
   out.put(settings.snapshotMinRows);
   out.put(settings.snapshotMaxAgeMs);
   out.put(settings.defaultReadOnly);
   out.put(settings.planCacheMb);
   out.put(settings.threads);
   out.put(request.readOnlyBlock);
   out.put(request.transactionTime);
   out.put(request.timing);
   out.put(request.streamed);
   out.put(uint32_t(request.sequenceValues.size()));
   for (auto [id, value] : request.sequenceValues) {
      out.put(id);
      out.put(value);
   }
   out.put(request.hasLastSequenceValue);
   out.put(request.lastSequenceValue);
   out.put(request.lastSequenceId);
}

SnapshotRequest decodeRequest(BinaryReader& in) {
   SnapshotRequest request;
   request.sql = in.getString();
   request.prepared = in.get<bool>();
   uint32_t types = in.get<uint32_t>();
   for (uint32_t i = 0; i < types; ++i) request.parameterTypes.push_back(getType(in));
   uint32_t values = in.get<uint32_t>();
   for (uint32_t i = 0; i < values; ++i) request.parameterValues.push_back(getValue(in));
   request.timeZone = in.getString();
   SessionSettings& settings = request.settings;
   settings.lockTimeoutMs = in.get<int64_t>();
   settings.statementTimeoutMs = in.get<int64_t>();
   settings.synchronousCommit = in.getString();
   uint32_t passive = in.get<uint32_t>();
   for (uint32_t i = 0; i < passive; ++i) {
      std::string name = in.getString();
      settings.passive.emplace_back(std::move(name), in.getString());
   }
   settings.snapshotReads = in.get<SnapshotReads>();
   settings.snapshotMinRows = in.get<int64_t>();
   settings.snapshotMaxAgeMs = in.get<int64_t>();
   settings.defaultReadOnly = in.get<bool>();
   settings.planCacheMb = in.get<int64_t>();
   settings.threads = in.get<int64_t>();
   request.readOnlyBlock = in.get<bool>();
   request.transactionTime = in.get<int64_t>();
   request.timing = in.get<bool>();
   request.streamed = in.get<bool>();
   uint32_t sequences = in.get<uint32_t>();
   for (uint32_t i = 0; i < sequences; ++i) {
      uint64_t id = in.get<uint64_t>();
      request.sequenceValues.emplace_back(id, in.get<int64_t>());
   }
   request.hasLastSequenceValue = in.get<bool>();
   request.lastSequenceValue = in.get<int64_t>();
   request.lastSequenceId = in.get<uint64_t>();
   return request;
}

void encodeReply(const SnapshotReply& reply, BinaryWriter& out) {
   out.put(reply.outcome);
   out.put(reply.transactionTime);
   if (reply.outcome == SnapshotOutcome::Result || reply.outcome == SnapshotOutcome::Chunk) return putResult(out, *reply.result);
   const Error& error = *reply.error;
   out.putString(error.sqlstate());
   out.putString(error.message());
   out.put(int32_t(error.position()));
   out.putString(error.detail());
   out.putString(error.hint());
}

SnapshotReply decodeReply(BinaryReader& in) {
   SnapshotReply reply;
   reply.outcome = in.get<SnapshotOutcome>();
   reply.transactionTime = in.get<int64_t>();
   if (reply.outcome == SnapshotOutcome::Result || reply.outcome == SnapshotOutcome::Chunk) {
      reply.result = getResult(in);
      return reply;
   }
   std::string sqlstate = in.getString(), message = in.getString();
   int position = in.get<int32_t>();
   std::string detail = in.getString(), hint = in.getString();
   reply.error.emplace(std::move(sqlstate), std::move(message), position, std::move(detail), std::move(hint));
   return reply;
}

}  // namespace kiln
