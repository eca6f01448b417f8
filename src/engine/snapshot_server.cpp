#include "engine/snapshot_server.h"

#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <list>
#include <thread>

#include "codegen/jit.h"
#include "common/time_zone.h"
#include "engine/connection_impl.h"
#include "engine/database_impl.h"
#include "engine/prepared_statement_impl.h"
#include "engine/snapshot_channel.h"
#include "engine/snapshot_messages.h"
#include "engine/statement_executor.h"
#include "parser/read_only_statement.h"

namespace kiln {

/// A statement being served: its cancel, and the connection running it (to pass the cancel on).
struct SnapshotWork {
   std::atomic<bool> cancel{false};
   std::mutex lock;  // over `connection`, which goes away with the statement
   ConnectionImpl* connection = nullptr;
   void setConnection(ConnectionImpl* running) {
      std::lock_guard hold(lock);
      connection = running;
   }
   void passCancel() {
      std::lock_guard hold(lock);
      if (connection) connection->cancel();
   }
};

/// Runs one request as the connection that sent it would: its settings, its transaction's now(),
/// its sequences' session values (a friend of ConnectionImpl).
class SnapshotStatement {
   public:
   static SnapshotReply run(DatabaseImpl& database, const SnapshotRequest& request, SnapshotWork& work, int socket) {
      ConnectionImpl connection(database);
      SessionSettings settings = request.settings;
      settings.timeZone = request.timeZone.empty() ? TimeZone::utc() : TimeZone::forSetting(request.timeZone);
      connection.useSettings(settings);
      connection.inSnapshotProcess_ = true;
      connection.timing_ = request.timing;
      // As a statement of the sender's transaction, which is the sender's to end: nothing here
      // commits, and now() is the sender's.
      connection.inTransaction_ = true;
      connection.readOnlyBlock_ = request.readOnlyBlock;
      connection.readOnlyBlockState_ = std::make_unique<BlockState>();
      connection.transactionTime_ = request.transactionTime;
      SequenceSession& sequences = *connection.sequences_;
      for (auto [id, value] : request.sequenceValues) sequences.values[id] = value;
      sequences.hasLast = request.hasLastSequenceValue;
      sequences.last = request.lastSequenceValue;
      sequences.lastId = request.lastSequenceId;
      // A streamed query's chunks go back as they are made; the socket's buffer filling up holds
      // the query up until the sender reads on.
      ResultChunks chunks{[socket](std::shared_ptr<ResultData> chunk) {
         BinaryWriter out;
         encodeReply(SnapshotReply{SnapshotOutcome::Chunk, std::move(chunk), std::nullopt, 0}, out);
         if (!sendMessage(socket, out.buffer())) throw Error("57014", "canceling statement due to user request");
      }};
      if (request.streamed) connection.streamTo_ = &chunks;
      work.setConnection(&connection);
      struct Finished {
         SnapshotWork& work;
         ConnectionImpl& connection;
         ~Finished() {
            work.setConnection(nullptr);
            connection.inTransaction_ = connection.readOnlyBlock_ = false;
         }
      } finished{work, connection};
      if (work.cancel.load()) throw Error("57014", "canceling statement due to user request");
      ReadOnlyStatement readOnly;
      SnapshotReply reply;
      if (request.prepared) {
         PreparedStatementImpl prepared(request.sql, request.parameterTypes);
         connection.statement([&] {
            prepared.refresh(database);
            return std::make_shared<ResultData>();
         });
         for (size_t p = 0; p < request.parameterValues.size() && p < prepared.parameters.size(); ++p) prepared.parameters.set(p, request.parameterValues[p]);
         reply.result = std::const_pointer_cast<ResultData>(connection.statement([&] {
            ExecutionInput input{&prepared.compiled, &prepared.parameters, nullptr};
            return executeStatement(database, *prepared.statement, &input);
         }));
      } else {
         ParsedScript script(request.sql);
         if (script.size() != 1) throw Error("XX000", "a snapshot runs one statement at a time");
         reply.result = std::const_pointer_cast<ResultData>(connection.runStatement(script, 0));
      }
      reply.transactionTime = connection.transactionTime_;
      return reply;
   }
};

namespace {

/// The memory its queries may take: RLIMIT_DATA counts private writable memory, the copied
/// database included, so the limit is what the process holds now plus `bytes`.
void limitMemory(uint64_t bytes) {
   if (bytes == 0) return;
   std::ifstream status("/proc/self/status");
   uint64_t dataKb = 0;
   for (std::string line; std::getline(status, line);)
      if (line.rfind("VmData:", 0) == 0) dataKb = std::stoull(line.substr(7));
   rlimit limit{};
   limit.rlim_cur = limit.rlim_max = dataKb * 1024 + bytes;
   ::setrlimit(RLIMIT_DATA, &limit);
}

/// The child's first steps: only its own socket open, out of the terminal's process group (Ctrl-C
/// is the parent's to handle, as a cancel), the parent's locks and files left alone, and the
/// transaction block open at the fork rolled back.
void becomeSnapshot(DatabaseImpl& db, int control) {
   ::setpgid(0, 0);
   for (int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) std::signal(signal, SIG_DFL);
   std::signal(SIGPIPE, SIG_IGN);
   ::close_range(3, unsigned(control) - 1, 0);
   ::close_range(unsigned(control) + 1, ~0U, 0);
   // Made anew: threads of the parent that the child does not have may have held them.
   new (&db.turns) SerialTurns;
   new (&db.changing) std::mutex;
   Jit::instance().releaseInForkedChild();
   // The parent's log, checkpoints and directory lock; never destroyed here (_exit).
   (void)db.durability.release();
   limitMemory(db.options.snapshotMemoryLimit);
   // Plans bound against DDL undone here (cached ones, which EXPLAIN looks at) are bound again.
   if (db.undo.changesSchemaAfter(0)) ++db.catalogVersion;
   db.undo.rollbackTo(0, db.catalog);
   db.undo.clear();
}

struct Running : SnapshotWork {
   int socket = -1;
   std::atomic<bool> done{false};
   bool watching = true;  // its socket is polled for a cancel
   std::thread worker;
};

void serve(DatabaseImpl& database, std::string message, Running& running, std::mutex& oneAtATime) {
   SnapshotReply reply;
   try {
      BinaryReader in(message.data(), message.size());
      SnapshotRequest request = decodeRequest(in);
      std::lock_guard turn(oneAtATime);
      reply = SnapshotStatement::run(database, request, running, running.socket);
   } catch (const ReadOnlyViolation& error) {
      reply.outcome = SnapshotOutcome::NeedsWriter;
      reply.error = error;
   } catch (const Error& error) {
      reply.outcome = SnapshotOutcome::Error;
      reply.error = error;
   } catch (const std::bad_alloc&) {
      reply.outcome = SnapshotOutcome::Error;
      reply.error = Error("53200", "out of memory");
   }
   BinaryWriter out;
   try {
      encodeReply(reply, out);
   } catch (const std::bad_alloc&) {
      out.buffer().clear();
      encodeReply(SnapshotReply{SnapshotOutcome::Error, nullptr, Error("53200", "out of memory"), 0}, out);
   }
   sendMessage(running.socket, out.buffer());
   running.done.store(true);
}

}  // namespace

void serveSnapshot(DatabaseImpl& database, int control) {
   try {
      becomeSnapshot(database, control);
   } catch (...) {
      ::_exit(1);
   }
   std::mutex oneAtATime;
   std::list<Running> running;
   std::vector<pollfd> polled;
   std::vector<Running*> watched;
   for (;;) {
      polled.assign(1, pollfd{control, POLLIN, 0});
      watched.clear();
      for (Running& r : running) {
         if (!r.watching || r.done) continue;
         polled.push_back({r.socket, POLLIN, 0});
         watched.push_back(&r);
      }
      ::poll(polled.data(), polled.size(), 50);
      if (polled[0].revents) {
         std::string message;
         int socket = -1;
         // The parent closed it (the snapshot is retired) or is gone.
         if (!receiveMessage(control, message, &socket)) ::_exit(0);
         if (socket >= 0) {
            Running& r = running.emplace_back();
            r.socket = socket;
            r.worker = std::thread(serve, std::ref(database), std::move(message), std::ref(r), std::ref(oneAtATime));
         }
      }
      for (size_t i = 0; i < watched.size(); ++i) {
         if (!polled[i + 1].revents) continue;
         // A cancel, or the sender gone (its end closed): the statement stops either way.
         char byte;
         ssize_t got = ::recv(watched[i]->socket, &byte, 1, MSG_DONTWAIT);
         if (got <= 0) watched[i]->watching = false;
         watched[i]->cancel.store(true);
      }
      for (auto it = running.begin(); it != running.end();) {
         // Told again each round: a cancel that came before the statement started is not lost.
         if (it->cancel.load()) it->passCancel();
         if (!it->done.load()) {
            ++it;
            continue;
         }
         it->worker.join();
         ::close(it->socket);
         it = running.erase(it);
      }
   }
}

}  // namespace kiln
