// Messages over a Unix stream socket between a connection and a snapshot process: each one its
// length, then its bytes; a socket for one statement travels with its request (SCM_RIGHTS).
#pragma once

#include <string>

namespace kiln {

/// Sends `message` (and, when `passedSocket` >= 0, that descriptor with it). False when the
/// other side is gone.
bool sendMessage(int socket, const std::string& message, int passedSocket = -1);

/// Receives a whole message into `message` (and a descriptor sent with it into `*passedSocket`,
/// else -1). False at the end of the stream or on an error.
bool receiveMessage(int socket, std::string& message, int* passedSocket = nullptr);

/// A pair of connected stream sockets, close-on-exec; throws 58000 when the system has none.
void socketPair(int sockets[2]);

}  // namespace kiln
