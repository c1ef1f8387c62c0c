using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Contract;

public sealed class InsertManyContract(LabStores stores) : CommitStrategyContract(stores, "InsertMany");
