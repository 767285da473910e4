import ArgumentParser
import Foundation
import PlacesKit
import PlacesServer

extension PlacesServerCommand {
    /// Accounts and their tokens, in the store the server uses (the embedded file, or `--database`).
    struct Users: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Accounts and their API tokens: add, token, list, revoke.",
            discussion: """
                A token is printed once, on stdout alone (so that TOKEN=$(places serve users add ana) keeps it), and \
                stored only as a SHA-256 hash: it cannot be shown again, only revoked and replaced. Clients send it as \
                'Authorization: Bearer TOKEN'. The CLI's own favourites and points belong to the account 'local'.

                Examples:
                  places serve users add ana
                  places serve users token ana          # another token for ana (a second device)
                  places serve users list
                  places serve users revoke ana         # every token of ana's
                  places serve users revoke ana --token plc_3fa9c2
                """,
            subcommands: [Add.self, Token.self, List.self, Revoke.self])
    }
}

/// The store, opened for writing (and brought up to date) by the command that changes it.
func openStore(_ choice: StoreChoice) throws -> SQLitePlaceStore {
    let location = try StoreAccess(option: choice.store).location
    do { return try SQLitePlaceStore.openForWriting(at: location.path) } catch { throw StoreAccess.error(error) }
}

/// A new token for `account`, stored hashed and printed once.
func issueToken(for account: Account, in store: any SharedStore) async throws {
    let (token, record) = APIToken.issue(for: account.id, at: Date())
    try await stored { () async throws(StoreError) in try await store.addToken(record) }
    print(token)
    PlacesServerCommand.line("places serve: a token for \(account.name) (\(record.hint)…); it is shown only now, keep it")
}

extension PlacesServerCommand.Users {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an account and print its first token.")

        @Argument(help: ArgumentHelp("The account's name: letters, digits, '.', '_' or '-'.", valueName: "name"))
        var name: String

        @OptionGroup var storeChoice: StoreChoice
        @OptionGroup var databaseChoice: DatabaseChoice

        func validate() throws {
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
            guard !name.isEmpty, name.count <= 64, name.unicodeScalars.allSatisfy(allowed.contains) else {
                throw ValidationError("'\(name)' is not an account name: use 1 to 64 letters, digits, '.', '_' or '-'")
            }
        }

        func run() async throws {
            try await withSharedStore(storeChoice, databaseChoice) { store in
                guard let account = try await stored({ () async throws(StoreError) in try await store.addAccount(named: name, at: Date()) }) else {
                    throw PlacesError(.usage, "the account \(name) exists already; give it another token with 'places serve users token \(name)'")
                }
                try await issueToken(for: account, in: store)
            }
        }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a new token for an existing account (its other tokens stay valid).")

        @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
        var name: String

        @OptionGroup var storeChoice: StoreChoice
        @OptionGroup var databaseChoice: DatabaseChoice

        func run() async throws {
            try await withSharedStore(storeChoice, databaseChoice) { store in
                try await issueToken(for: try await account(name, in: store), in: store)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the accounts and their tokens (hints only).")

        @OptionGroup var storeChoice: StoreChoice
        @OptionGroup var databaseChoice: DatabaseChoice

        func run() async throws {
            try await withSharedStore(storeChoice, databaseChoice) { store in
                var text = ""
                for account in try await stored({ () async throws(StoreError) in try await store.accounts() }) {
                    let tokens = try await stored { () async throws(StoreError) in try await store.tokens(of: account.id) }
                    let active = tokens.filter { $0.revokedAt == nil }
                    let hints = active.map { $0.hint + "…" }.joined(separator: " ")
                    text += "\(account.name)\t\(active.count) token\(active.count == 1 ? "" : "s")\(hints.isEmpty ? "" : "\t" + hints)"
                    text += tokens.count > active.count ? "\t(\(tokens.count - active.count) revoked)\n" : "\n"
                }
                print(text, terminator: "")
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke an account's tokens: every one, or the one --token names.")

        @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("Only the token starting with this (as 'users list' shows it).", valueName: "hint"))
        var token: String?

        @OptionGroup var storeChoice: StoreChoice
        @OptionGroup var databaseChoice: DatabaseChoice

        func run() async throws {
            try await withSharedStore(storeChoice, databaseChoice) { store in
                let account = try await account(name, in: store)
                let count = try await stored { () async throws(StoreError) in try await store.revokeTokens(of: account.id, hint: token, at: Date()) }
                guard count > 0 else {
                    throw PlacesError(.notFound, "\(name) has no unrevoked token" + (token.map { " starting with \($0)" } ?? ""))
                }
                print("revoked \(count) token\(count == 1 ? "" : "s") of \(name)")
            }
        }
    }
}

func account(_ name: String, in store: any SharedStore) async throws -> Account {
    guard let account = try await stored({ () async throws(StoreError) in try await store.account(named: name) }) else {
        throw PlacesError(.notFound, "there is no account \(name); add it with 'places serve users add \(name)'")
    }
    return account
}
