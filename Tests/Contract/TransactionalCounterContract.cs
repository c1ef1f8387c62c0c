using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Contract;

public sealed class TransactionalCounterContract(LabStores stores) : CommitStrategyContract(stores, "TransactionalCounter");
