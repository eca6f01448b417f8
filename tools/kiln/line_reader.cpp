#include "line_reader.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>

#include <readline/history.h>
#include <readline/readline.h>

namespace kiln::shell {

namespace {

constexpr int historySize = 1000;

volatile sig_atomic_t interrupted = 0;
volatile sig_atomic_t readingLine = 0;
void (*cancelStatement)(void*) = nullptr;
void* cancelContext = nullptr;
volatile sig_atomic_t cancelSent = 0;

// Ctrl-C while typing drops the line, as in psql; while a statement runs it cancels the statement.
// A second one before the next prompt (a statement that does not stop) ends the shell.
void onInterrupt(int signal) {
   if (readingLine) {
      interrupted = 1;
   } else if (cancelStatement && !cancelSent) {
      cancelSent = 1;
      cancelStatement(cancelContext);
   } else {
      std::signal(signal, SIG_DFL);
      std::raise(signal);
   }
}

// readline's callback interface (needed to react to Ctrl-C between keystrokes) delivers lines here.
// Removing the handler at once keeps readline from drawing the next prompt before the statement's output.
bool lineDone = false;
char* lineText = nullptr;

void onLine(char* text) {
   rl_callback_handler_remove();
   lineDone = true;
   lineText = text;
}

}  // namespace

LineReader::LineReader(std::string historyPath) : historyPath_(std::move(historyPath)) {
   rl_readline_name = "kiln";
   rl_catch_signals = 0;
   using_history();
   stifle_history(historySize);
   if (!historyPath_.empty()) {
      // Errors are ignored throughout: a shell without saved history is still a shell.
      if (read_history(historyPath_.c_str()) == ENOENT) write_history(historyPath_.c_str());
      history_truncate_file(historyPath_.c_str(), historySize);
   }
   struct sigaction action = {};
   action.sa_handler = onInterrupt;
   sigemptyset(&action.sa_mask);
   sigaction(SIGINT, &action, nullptr);  // without SA_RESTART, so that poll() returns on Ctrl-C
}

void LineReader::onCancel(void (*cancel)(void*), void* context) {
   cancelContext = context;
   cancelStatement = cancel;
}

LineReader::~LineReader() {
   cancelStatement = nullptr;
   std::signal(SIGINT, SIG_DFL);
}

LineReader::Status LineReader::read(const std::string& prompt, std::string& line) {
   lineDone = false;
   lineText = nullptr;
   interrupted = 0;
   cancelSent = 0;
   rl_callback_handler_install(prompt.c_str(), onLine);
   readingLine = 1;
   bool inputFailed = false;
   while (!lineDone && !interrupted && !inputFailed) {
      pollfd input = {STDIN_FILENO, POLLIN, 0};
      if (poll(&input, 1, -1) >= 0) rl_callback_read_char();
      else inputFailed = errno != EINTR;
   }
   readingLine = 0;
   if (!lineDone) {
      // Ctrl-C or unreadable input: drop the half-typed line and leave the terminal as it was.
      rl_free_line_state();
      rl_callback_sigcleanup();
      rl_replace_line("", 0);
      rl_callback_handler_remove();
      std::fputs("\n", rl_outstream ? rl_outstream : stdout);
      return interrupted ? Status::Interrupted : Status::EndOfInput;
   }
   if (!lineText) return Status::EndOfInput;
   line = lineText;
   std::free(lineText);
   return Status::Line;
}

void LineReader::remember(const std::string& line) {
   if (line.find_first_not_of(" \t") == std::string::npos) return;
   HIST_ENTRY* previous = history_length > 0 ? history_get(history_base + history_length - 1) : nullptr;
   if (previous && line == previous->line) return;
   add_history(line.c_str());
   if (!historyPath_.empty()) append_history(1, historyPath_.c_str());
}

}  // namespace kiln::shell
