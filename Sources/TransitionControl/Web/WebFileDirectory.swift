#if canImport(Glibc)
    import Glibc
#endif

/// A directory whose files the server offers by name (`--screens`, `--images`): only regular files
/// directly in it (not symbolic links), named without a slash and not starting with a dot, with one of
/// the extensions it serves. Nothing else on the file system can be named.
public struct WebFileDirectory: Sendable {
    /// The directory's path.
    public let path: String
    /// The served extensions (lowercase, without the dot) and their content types.
    public let contentTypes: [String: String]

    /// The content types of screen documents.
    public static let screenTypes = ["json": "application/json"]
    /// The content types of images: the raster formats every browser draws. SVG is left out: a
    /// document opened on its own runs its scripts with the server's origin.
    public static let imageTypes = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
    ]

    /// A directory serving files of `contentTypes`.
    ///
    /// - Throws: ``CommandError`` `invalidValue` naming `parameter` when `path` is not a directory.
    public init(path: String, contentTypes: [String: String], parameter: String) throws(CommandError) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw CommandError(.invalidValue, parameter: parameter, "\(parameter): \(path) is not a directory")
        }
        self.path = path
        self.contentTypes = contentTypes
    }

    /// The content type of `name`, or nil when the name cannot be served.
    public func contentType(of name: String) -> String? {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\0"),
            let dot = name.lastIndex(of: ".")
        else { return nil }
        return contentTypes[name[name.index(after: dot)...].lowercased()]
    }

    /// The servable file names, sorted.
    public func names() -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var result: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if contentType(of: name) != nil && isRegularFile(name) { result.append(name) }
        }
        return result.sorted()
    }

    /// Whether `name` is a regular file itself: a symbolic link is not served, so the directory cannot
    /// point the server elsewhere on the file system.
    private func isRegularFile(_ name: String) -> Bool {
        var status = stat()
        return lstat(path + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The file `name` as a response: 404 when it cannot be served or does not exist.
    public func response(for name: String) -> WebResponse {
        guard let type = contentType(of: name), isRegularFile(name) else {
            return .text(404, "No such file.")
        }
        do {
            let bytes = try FileContents.read(path + "/" + name, parameter: name)
            return WebResponse(status: 200, contentType: type, body: .bytes(bytes))
        } catch {
            return .text(404, error.message)
        }
    }
}
