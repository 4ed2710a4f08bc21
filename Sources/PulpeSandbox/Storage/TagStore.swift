import Foundation
import GRDB
import PulpeDomain

/// The user's tags. `nameKey` is the name as the server compares it (NFC, lower case), unique per
/// user; `GET /tags` is in code-point order of the name (SQLite's binary collation on UTF-8).
enum TagStore {
    static func tags(userId: String, in db: Database) throws -> [Tag] {
        try Row.fetchAll(db, sql: "SELECT * FROM tags WHERE userId = ? ORDER BY name, id", arguments: [userId]).map(tag)
    }

    static func tag(id: String, userId: String, in db: Database) throws -> Tag? {
        try Row.fetchOne(db, sql: "SELECT * FROM tags WHERE id = ? AND userId = ?", arguments: [id, userId]).map(tag)
    }

    static func tag(nameKey: String, userId: String, in db: Database) throws -> Tag? {
        try Row.fetchOne(db, sql: "SELECT * FROM tags WHERE nameKey = ? AND userId = ?", arguments: [nameKey, userId]).map(tag)
    }

    static func insert(_ tag: Tag, in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO tags (id, userId, name, nameKey, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [tag.id, tag.userId, tag.name, TagRules.key(tag.name), ColumnCoding.dateText(tag.createdAt),
                             ColumnCoding.dateText(tag.updatedAt)])
    }

    static func update(_ tag: Tag, in db: Database) throws {
        try db.execute(sql: "UPDATE tags SET name = ?, nameKey = ?, updatedAt = ? WHERE id = ?",
                       arguments: [tag.name, TagRules.key(tag.name), ColumnCoding.dateText(tag.updatedAt), tag.id])
    }

    static func delete(id: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM tags WHERE id = ?", arguments: [id])
    }

    private static func tag(_ row: Row) throws -> Tag {
        Tag(id: row["id"], userId: row["userId"], name: row["name"], createdAt: try ColumnCoding.date(row["createdAt"]),
            updatedAt: try ColumnCoding.date(row["updatedAt"]))
    }
}
