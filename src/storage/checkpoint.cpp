#include "storage/checkpoint.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "storage/binary_io.h"
#include "storage/file_sync.h"
#include "storage/table_image.h"

namespace kiln {

namespace {

constexpr uint64_t magic = 0x6b696c6e63686b31;  // "kilnchk1"

/// The tables that have constraints of one kind (`has`): their count, then each one's name and
/// constraints (`write`).
template <typename Has, typename Write>
void writeConstraintSection(const std::vector<const Table*>& tables, BinaryWriter& out, Has has, Write write) {
   uint32_t count = 0;
   for (const Table* table : tables) count += has(*table);
   out.put(count);
   for (const Table* table : tables) {
      if (!has(*table)) continue;
      out.putString(table->name());
      write(*table, out);
   }
}

/// Reads a section writeConstraintSection wrote, unless the checkpoint ends before it.
template <typename Read>
void readConstraintSection(BinaryReader& in, Catalog& catalog, const std::string& path, Read read) {
   if (in.atEnd()) return;
   uint32_t count = in.get<uint32_t>();
   for (uint32_t t = 0; t < count; ++t) {
      Table* table = catalog.findTable(in.getString());
      if (!table) throw Error("XX001", "checkpoint \"" + path + "\" is damaged (constraints of a table it lacks)");
      read(*table);
   }
}

}  // namespace

void writeCheckpoint(const Catalog& catalog, uint64_t coveredLogSequence, const std::string& path) {
   BinaryWriter out;
   out.put(magic);
   out.put(coveredLogSequence);
   auto tables = catalog.tables();
   out.put(uint32_t(tables.size()));
   for (const Table* table : tables) {
      writeTableDefinition(*table, out);
      out.put(uint64_t(table->rowCount()));
      for (size_t row = 0; row < table->rowCount(); ++row) {
         out.put(uint8_t(table->isDeleted(row)));
         for (size_t c = 0; c < table->columnCount(); ++c) writeCell(table->column(c), row, out);
      }
   }
   auto views = catalog.views();
   out.put(uint32_t(views.size()));
   for (const View* view : views) {
      out.putString(view->name);
      out.putString(view->definition);
      out.put(uint32_t(view->columnNames.size()));
      for (auto& name : view->columnNames) out.putString(name);
   }
   auto sequences = catalog.sequences();
   out.put(uint32_t(sequences.size()));
   for (const Sequence* sequence : sequences) sequence->write(out);
   // Constraints last, CHECK then FOREIGN KEY, so that checkpoints written before them stay readable.
   writeConstraintSection(tables, out, [](const Table& table) { return !table.checks().empty(); }, writeChecks);
   writeConstraintSection(tables, out, [](const Table& table) { return !table.foreignKeys().empty(); }, writeForeignKeys);
   uint32_t checksum = crc32(out.buffer().data(), out.buffer().size());
   out.put(checksum);

   std::string temporary = path + ".tmp";
   int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
   if (fd < 0) throw Error("58030", "could not create checkpoint \"" + temporary + "\": " + std::strerror(errno));
   const std::string& bytes = out.buffer();
   for (size_t written = 0; written < bytes.size();) {
      ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
         ::close(fd);
         throw Error("58030", "could not write checkpoint: " + std::string(std::strerror(errno)));
      }
      written += size_t(n);
   }
   if (::fsync(fd) != 0) {
      ::close(fd);
      throw Error("58030", "could not sync checkpoint: " + std::string(std::strerror(errno)));
   }
   ::close(fd);
   if (::rename(temporary.c_str(), path.c_str()) != 0) throw Error("58030", "could not install checkpoint: " + std::string(std::strerror(errno)));
   syncDirectoryOf(path);  // before the log files it covers may go
}

uint64_t readCheckpoint(const std::string& path, Catalog& catalog) {
   std::ifstream file(path, std::ios::binary);
   std::stringstream content;
   content << file.rdbuf();
   std::string bytes = content.str();
   if (bytes.size() < 20) throw Error("XX001", "checkpoint \"" + path + "\" is damaged");
   uint32_t stored;
   std::memcpy(&stored, bytes.data() + bytes.size() - 4, 4);
   if (crc32(bytes.data(), bytes.size() - 4) != stored) throw Error("XX001", "checkpoint \"" + path + "\" is damaged (checksum)");
   BinaryReader in(bytes.data(), bytes.size() - 4);
   if (in.get<uint64_t>() != magic) throw Error("XX001", "\"" + path + "\" is not a kiln checkpoint");
   uint64_t covered = in.get<uint64_t>();
   uint32_t tables = in.get<uint32_t>();
   for (uint32_t t = 0; t < tables; ++t) {
      std::unique_ptr<Table> table = readTableDefinition(in);
      uint64_t rows = in.get<uint64_t>();
      std::vector<size_t> deleted;
      for (uint64_t row = 0; row < rows; ++row) {
         if (in.get<uint8_t>()) deleted.push_back(row);
         for (size_t c = 0; c < table->columnCount(); ++c) appendCell(table->column(c), in);
      }
      table->sealAppendedRows(rows);
      for (size_t row : deleted) table->setDeleted(row, true);
      table->indexRows(0, rows);
      catalog.createTable(std::move(table));
   }
   uint32_t views = in.get<uint32_t>();
   for (uint32_t v = 0; v < views; ++v) {
      View view;
      view.name = in.getString();
      view.definition = in.getString();
      view.columnNames.resize(in.get<uint32_t>());
      for (auto& name : view.columnNames) name = in.getString();
      catalog.createView(std::move(view), false);
   }
   // Checkpoints written before sequences existed end here.
   if (!in.atEnd()) {
      uint32_t sequences = in.get<uint32_t>();
      for (uint32_t s = 0; s < sequences; ++s) catalog.createSequence(std::make_unique<Sequence>(Sequence::read(in)));
   }
   // Checkpoints written before CHECK (or FOREIGN KEY) constraints existed end here.
   readConstraintSection(in, catalog, path, [&](Table& table) { table.setChecks(readChecks(in)); });
   readConstraintSection(in, catalog, path, [&](Table& table) { table.setForeignKeys(readForeignKeys(in)); });
   return covered;
}

}  // namespace kiln
