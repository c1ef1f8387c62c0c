using MongoDB.Bson;

namespace EventCommitLab.Tests.Mongo.Unified;

/// <summary>
/// MongoDB's transactions and convenient-transaction-API specification tests (unified format), run against the lab's
/// client and an emulated primary: the commands the client sends must match the expected command events (lsid,
/// txnNumber, startTransaction, autocommit, readConcern, writeConcern), it must retry exactly where they say, raise
/// the errors and labels they say, and leave the data they say.
/// </summary>
public sealed class TransactionsSpecTests
{
    public static TheoryData<string, int, string> Transactions => MongoSpecData.Cases("transactions");

    public static TheoryData<string, int, string> ConvenientApi => MongoSpecData.Cases("transactions-convenient-api");

    [SkippableTheory]
    [MemberData(nameof(Transactions))]
    public Task the_client_follows_the_transactions_specification(string file, int index, string description) => RunAsync(file, index, description);

    [SkippableTheory]
    [MemberData(nameof(ConvenientApi))]
    public Task the_client_follows_the_convenient_transaction_api_specification(string file, int index, string description) => RunAsync(file, index, description);

    private static async Task RunAsync(string file, int index, string description)
    {
        Skip.If(index < 0, description);
        var document = BsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(MongoSpecData.Folder, file)));
        var test = document["tests"][index].AsBsonDocument;
        var unsupported = UnifiedTestRunner.Unsupported(document, test);
        Skip.If(unsupported is not null, $"{description}: {unsupported}");
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        await UnifiedTestRunner.RunAsync(document, test, timeout.Token);
    }
}
