using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>An OP_MSG kind-1 section: documents sent beside the command body under one identifier, e.g. an insert's "documents".</summary>
public sealed record DocumentSequence(string Identifier, IReadOnlyList<BsonDocument> Documents);
